// SPEC §2 "Header and footer", §6 (admin nav link): the header for visitors, members and the
// admin, the avatar menu's keyboard behaviour, the mobile slide-out menu, and the footer.
import type { Page } from '@playwright/test'

import { admin, atPath, expect, loginViaApi, open, registerViaApi, SHOTS_DIR, test, uniqueUsername, verifyViaApi } from './fixtures'

const NAV = [
  { label: 'Home', href: '/' },
  { label: 'Videos', href: '/vlog' },
  { label: 'News', href: '/blog' },
  { label: 'Topics', href: '/categories' },
  { label: 'For You', href: '/recommendations' },
  { label: 'Live', href: '/live' },
  { label: 'Leaderboard', href: '/leaderboard' },
  { label: 'Merch', href: '/merch' },
]

const mainNav = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Main' })

async function expectNavLinks(page: Page, items: { label: string; href: string }[]) {
  const links = mainNav(page).getByRole('link')
  await expect(links).toHaveText(items.map((i) => i.label))
  for (const [index, item] of items.entries()) await expect(links.nth(index)).toHaveAttribute('href', item.href)
}

/** Applies a stored theme before any page script runs (the boot script reads it). */
async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme)
}

test.describe('visitor', () => {
  test('nav links, call-to-action buttons, no avatar and no Admin link', async ({ page }) => {
    await open(page, '/')
    const header = page.getByRole('banner')
    await expectNavLinks(page, NAV)
    await expect(header.getByRole('link', { name: 'Premium $4.99', exact: true })).toHaveAttribute('href', '/premium')
    await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/login')
    await expect(header.getByRole('link', { name: 'Join Community', exact: true })).toHaveAttribute('href', '/register')
    await expect(header.getByRole('button', { name: 'Account menu' })).toHaveCount(0)
    await expect(header.getByRole('link', { name: 'Admin' })).toHaveCount(0)
    // The logo goes home.
    await expect(header.getByRole('link').first()).toHaveAttribute('href', '/')
  })

  test('Home is active only on / exactly; News is active on /blog', async ({ page }) => {
    const nav = mainNav(page)
    await page.goto('/')
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'News' })).not.toHaveAttribute('aria-current', /.+/)
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)

    await page.goto('/blog')
    await expect(nav.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', /.+/)
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)

    // By path prefix: below /blog still News; a path merely starting with the same letters is not.
    await page.goto('/blog/some-page')
    await expect(nav.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page')
    await page.goto('/blogger')
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0)

    await page.goto('/vlog')
    await expect(nav.getByRole('link', { name: 'Videos' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', /.+/)
  })

  test("the 'Search posts...' box (wide screens) submits to /blog?search=…", async ({ page }) => {
    await open(page, '/login')
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search posts...' })
    await expect(search).toBeVisible()
    await expect(search).toHaveAttribute('placeholder', 'Search posts...')
    await search.fill('police reform')
    await search.press('Enter')
    await expect(page).toHaveURL((url) => url.pathname === '/blog' && url.searchParams.get('search') === 'police reform')
  })

  test('the search box is hidden on narrow screens', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search posts...' })).toBeHidden()
  })
})

test.describe('member', () => {
  test('an unverified member: avatar letter, Unverified badge and Verify Age item', async ({ page }) => {
    const { username } = await registerViaApi(page, { username: uniqueUsername('kate') })
    await open(page, '/')
    const header = page.getByRole('banner')
    await expectNavLinks(page, NAV)
    await expect(header.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0)
    await expect(header.getByRole('link', { name: 'Join Community', exact: true })).toHaveCount(0)
    await expect(header.getByRole('link', { name: 'Premium $4.99', exact: true })).toHaveCount(0)

    const avatar = header.getByRole('button', { name: 'Account menu' })
    await expect(avatar).toHaveText('K')
    await expect(avatar).toHaveAttribute('aria-expanded', 'false')
    await avatar.click()
    await expect(avatar).toHaveAttribute('aria-expanded', 'true')
    const menu = page.getByRole('menu')
    await expect(header.getByText(username, { exact: true })).toBeVisible()
    await expect(header.getByText('Unverified', { exact: true })).toBeVisible()
    await expect(header.getByText('Verified', { exact: true })).toHaveCount(0)
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Verify Age',
      'My Bookmarks',
      'Leaderboard',
      'Gamification',
      'Live Streams',
      'Upgrade to Premium - $4.99',
      'Log out',
    ])
    await expect(menu.getByRole('menuitem', { name: 'Verify Age' })).toHaveAttribute('href', '/age-verification')

    // A press outside closes it.
    await page.getByRole('contentinfo').getByText(/community platform for justice/i).click()
    await expect(menu).toHaveCount(0)
  })

  test("without an email the menu says 'No email'", async ({ page }) => {
    await registerViaApi(page, { email: '' })
    await open(page, '/')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await expect(page.getByRole('banner').getByText('No email', { exact: true })).toBeVisible()
  })

  test('the avatar menu works from the keyboard', async ({ page }) => {
    const { dateOfBirth } = await registerViaApi(page)
    await verifyViaApi(page, dateOfBirth)
    await open(page, '/')
    const avatar = page.getByRole('button', { name: 'Account menu' })
    const menu = page.getByRole('menu')
    const item = (name: string) => menu.getByRole('menuitem', { name, exact: true })

    // Enter opens it with the first item focused; arrows move and wrap; Home/End jump.
    await avatar.focus()
    await page.keyboard.press('Enter')
    await expect(menu).toBeVisible()
    await expect(item('My Bookmarks')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(item('Leaderboard')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(item('Gamification')).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(item('Leaderboard')).toBeFocused()
    await page.keyboard.press('End')
    await expect(item('Log out')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(item('My Bookmarks')).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(item('Log out')).toBeFocused()
    await page.keyboard.press('Home')
    await expect(item('My Bookmarks')).toBeFocused()

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)
    await expect(avatar).toBeFocused()
    await expect(avatar).toHaveAttribute('aria-expanded', 'false')

    // ArrowDown on the button opens at the first item, ArrowUp at the last.
    await page.keyboard.press('ArrowDown')
    await expect(item('My Bookmarks')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(avatar).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(item('Log out')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)

    // Enter on a link item follows it.
    await page.keyboard.press('Enter')
    await expect(item('My Bookmarks')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(atPath('/leaderboard'))
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`avatar menu open (${theme} theme) screenshot`, async ({ page }) => {
      await useTheme(page, theme)
      const { dateOfBirth } = await registerViaApi(page)
      await verifyViaApi(page, dateOfBirth)
      await open(page, '/')
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme === 'dark' ? 'night' : 'day')
      await page.getByRole('button', { name: 'Account menu' }).click()
      await expect(page.getByRole('menu')).toBeVisible()
      // Let the pop-in animation finish before the picture.
      await expect
        .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
        .toBe(0)
      await page.screenshot({ path: `${SHOTS_DIR}/avatar-menu-${theme}.png` })
    })
  }
})

test.describe('admin', () => {
  test("has the extra 'Admin' nav link to /admin and an avatar", async ({ page }) => {
    const { username, password } = admin()
    await loginViaApi(page, username, password)
    await open(page, '/')
    await expectNavLinks(page, [...NAV, { label: 'Admin', href: '/admin' }])
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText(username[0]!.toUpperCase())
  })
})

test.describe('mobile slide-out menu (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('opens with its button, lists the nav links, closes on Escape', async ({ page }) => {
    await open(page, '/blog')
    await expect(mainNav(page)).toBeHidden()
    const button = page.getByRole('button', { name: 'Open menu' })
    await expect(button).toBeVisible()
    await button.click()

    const sheet = page.getByRole('dialog', { name: 'Menu' })
    await expect(sheet).toBeVisible()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    const links = sheet.getByRole('navigation', { name: 'Mobile' }).getByRole('link')
    await expect(links).toHaveText(NAV.map((i) => i.label))
    for (const [index, item] of NAV.entries()) await expect(links.nth(index)).toHaveAttribute('href', item.href)
    await expect(sheet.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page')
    // Visitors get the account buttons in the sheet; Sign In brings them back to this page.
    await expect(sheet.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/login?next=%2Fblog')
    await expect(sheet.getByRole('link', { name: 'Join Community', exact: true })).toHaveAttribute('href', '/register')
    await expect(sheet.getByRole('link', { name: 'Premium $4.99', exact: true })).toHaveAttribute('href', '/premium')
    await expect
      .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
      .toBe(0)
    await page.screenshot({ path: `${SHOTS_DIR}/mobile-menu-open.png` })

    await page.keyboard.press('Escape')
    await expect(sheet).toHaveCount(0)
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(button).toBeFocused()

    // The close button closes it too, and a link navigates.
    await button.click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0)
    await button.click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Topics' }).click()
    await expect(page).toHaveURL(atPath('/categories'))
  })

  test('the open sheet is a full-height panel: every link is on screen and clickable', async ({ page }) => {
    await open(page, '/login')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const sheet = page.getByRole('dialog', { name: 'Menu' })
    await expect(sheet).toBeVisible()
    const viewport = page.viewportSize()!
    // A slide-out from the right edge, as tall as the screen.
    await expect.poll(async () => (await sheet.boundingBox())?.height).toBeGreaterThanOrEqual(viewport.height - 1)
    for (const link of await sheet.getByRole('link').all()) {
      await expect(link).toBeInViewport({ ratio: 1 })
      // Nothing covers or clips it: the point under its centre is the link itself.
      const onTop = await link.evaluate((el) => {
        const r = el.getBoundingClientRect()
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
        return hit !== null && (hit === el || el.contains(hit))
      })
      expect(onTop, `${await link.textContent()} is not the element under its own centre`).toBe(true)
    }
    // The backdrop dims the whole page behind the sheet.
    const covered = await page.evaluate(() => {
      const hit = document.elementFromPoint(10, window.innerHeight - 10)
      return hit?.closest('[role="dialog"]') !== null || hit?.getAttribute('aria-hidden') === 'true'
    })
    expect(covered, 'the page below the header is not behind the menu backdrop').toBe(true)
  })

  test('a signed-in member gets the avatar and no sign-in buttons in the sheet', async ({ page }) => {
    await registerViaApi(page)
    await open(page, '/')
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const sheet = page.getByRole('dialog', { name: 'Menu' })
    await expect(sheet.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    await expect(sheet.getByRole('link', { name: 'Sign In', exact: true })).toHaveCount(0)
  })
})

test.describe('footer', () => {
  test('content links, the About items (RSS Feed linked) and social icons without targets', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByText(/community platform for justice/i)).toBeVisible()
    await expect(footer.getByRole('link', { name: 'Latest News', exact: true })).toHaveAttribute('href', '/blog')
    await expect(footer.getByRole('link', { name: 'Community Videos', exact: true })).toHaveAttribute('href', '/vlog')
    await expect(footer.getByRole('link', { name: 'Topics', exact: true })).toHaveAttribute('href', '/categories')
    // 'RSS Feed' links to the posts feed (the reading issue asks for it, beyond the spec's inert item).
    await expect(footer.getByRole('link', { name: 'RSS Feed', exact: true })).toHaveAttribute('href', '/rss.xml')
    for (const label of ['Archives', 'My Story', 'Contact', 'Newsletter']) {
      await expect(footer.getByText(label, { exact: true })).toBeVisible()
      await expect(footer.getByRole('link', { name: label, exact: true })).toHaveCount(0)
      // Not a link by any other name either: no element with that text carries an href.
      await expect(footer.locator('[href]', { hasText: label })).toHaveCount(0)
    }
    const social = footer.getByRole('list', { name: 'Social media' })
    await expect(social.getByRole('listitem')).not.toHaveCount(0)
    await expect(social.locator('[href]')).toHaveCount(0)
  })
})

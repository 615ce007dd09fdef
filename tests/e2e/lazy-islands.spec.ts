// Islands that hydrate on first interaction (site/directives/interaction.ts, toast.ts): the page
// reads and looks complete without their code, a reader who only reads downloads none of it, and
// the first press — mouse or keyboard, even one that lands while the code is still loading — works.
import type { Page, Request } from '@playwright/test'

import { posts } from '../../cms/seed/fixtures/posts'
import { atPath, expect, expectToast, open, registerViaApi, test, verifyViaApi } from './fixtures'

const post = posts.find((p) => p.status === 'published')!

/** Every JS module the page fetches from the site's bundle. */
function recordScripts(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (req: Request) => {
    const url = new URL(req.url())
    if (url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js')) urls.push(url.pathname)
  })
  return urls
}

/** Holds the React renderer back for a moment, so an early click lands before hydration. */
async function slowRenderer(page: Page, ms = 600) {
  await page.route(/\/_astro\/client\.[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })
}

test('a reader of a post downloads no island code; the first bookmark press still answers', async ({ page }) => {
  const scripts = recordScripts(page)
  await page.goto(`/post/${post.slug}`)
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible()
  expect(scripts).toEqual([])

  await page.locator('main').getByRole('button', { name: 'Bookmark', exact: true }).click()
  await expectToast(page, 'Sign In Required', 'Please sign in to bookmark content.')
  expect(scripts.some((s) => /\/client\.[^/]*\.js$/.test(s))).toBe(true)
})

test("a member's saved post shows 'Bookmarked' before any script runs, and one press removes it", async ({ page }) => {
  await registerViaApi(page)
  const saved = await page.request.post('/api/bookmarks', {
    data: { contentType: 'blog_post', contentId: post.slug, title: post.title },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(saved.status()).toBe(201)

  const scripts = recordScripts(page)
  await page.goto(`/post/${post.slug}`)
  await page.waitForLoadState('networkidle')
  const button = page.locator('main').getByRole('button', { name: /^Bookmark/ })
  await expect(button).toHaveText('Bookmarked')
  expect(scripts).toEqual([])

  await button.click()
  await expectToast(page, 'Bookmark Removed')
  await expect(button).toHaveText('Bookmark')
  const check = await page.request.get(`/api/bookmarks/check/blog_post/${post.slug}`, { headers: { origin: process.env.E2E_BASE_URL! } })
  expect(await check.json()).toEqual({ isBookmarked: false })
})

test('a click that lands while the island is still loading is replayed once it is live', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-06-01T10:00:00'))
  await slowRenderer(page)
  await page.goto(`/post/${post.slug}`)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'day')
  await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'night')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Switch to light theme' })).toBeVisible()
})

test('keyboard: the first Enter on a not-yet-hydrated control works', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await slowRenderer(page, 300)
  await page.goto(`/post/${post.slug}`)
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
})

test('F8 moves focus to the notifications region before anything has loaded', async ({ page }) => {
  await page.goto(`/post/${post.slug}`)
  await page.keyboard.press('F8')
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused()
})

test('a toast queued by the previous page wakes the toast viewport on the next one', async ({ page }) => {
  const member = await registerViaApi(page)
  await verifyViaApi(page, member.dateOfBirth)
  await page.context().clearCookies()
  // The login form hydrates on load; a submit before that would be the native one.
  await open(page, '/login')
  await page.getByLabel('Username').fill(member.username)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  // Home has no island that hydrates on load: only the queued toast wakes the viewport.
  await expect(page).toHaveURL(atPath('/'))
  await expectToast(page, 'Login Successful')
})

test('a sign-in typed and sent while the form is still loading goes through once it is live', async ({ page }) => {
  const member = await registerViaApi(page)
  await verifyViaApi(page, member.dateOfBirth)
  await page.context().clearCookies()
  await slowRenderer(page, 1500)
  await page.goto('/login', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Username').fill(member.username)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  await page.getByLabel('Password', { exact: true }).press('Enter')
  await expect(page).toHaveURL(atPath('/'))
  await expectToast(page, 'Login Successful')
})

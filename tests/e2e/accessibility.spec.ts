// Light accessibility checks without extra packages, on every page the account specs visit:
// one h1 per page, a label on every input, a skip link to #main first in the tab order, and a
// visible focus indicator on the nav links.
import type { Page } from '@playwright/test'

import { admin, expect, loginViaApi, open, registerViaApi, test, verifyViaApi } from './fixtures'

type Who = 'visitor' | 'unverified' | 'verified' | 'admin'

const PAGES: { path: string; who: Who; modal?: boolean }[] = [
  { path: '/', who: 'visitor' },
  { path: '/', who: 'verified' },
  { path: '/login', who: 'visitor' },
  { path: '/register', who: 'visitor' },
  { path: '/age-verification', who: 'unverified' },
  // The Premium offer is a modal dialog: focus is trapped in it, so no skip link check there.
  { path: '/welcome-premium', who: 'verified', modal: true },
  { path: '/admin', who: 'visitor' },
  { path: '/admin', who: 'unverified' },
  { path: '/no-such-page', who: 'visitor' },
  { path: '/blog', who: 'admin' },
  { path: '/premium', who: 'visitor' },
  { path: '/premium', who: 'verified' },
  { path: '/premium', who: 'admin' },
  { path: '/subscribe', who: 'verified' },
  { path: '/leaderboard', who: 'visitor' },
  { path: '/leaderboard', who: 'verified' },
  { path: '/gamification', who: 'visitor' },
  { path: '/gamification', who: 'verified' },
]

async function signIn(page: Page, who: Who) {
  if (who === 'visitor') return
  if (who === 'admin') {
    const { username, password } = admin()
    return loginViaApi(page, username, password)
  }
  const { dateOfBirth } = await registerViaApi(page)
  if (who === 'verified') await verifyViaApi(page, dateOfBirth)
}

async function expectLabelledInputs(page: Page) {
  const inputs = page.locator('input:not([type="hidden"]), select, textarea')
  const count = await inputs.count()
  for (let i = 0; i < count; i++) {
    const input = inputs.nth(i)
    const what = await input.evaluate((el) => el.outerHTML.slice(0, 120))
    await expect(input, `no accessible name: ${what}`).toHaveAccessibleName(/\S/)
  }
  return count
}

for (const { path, who, modal } of PAGES) {
  test(`${path} as ${who}: one h1, labelled inputs${modal ? '' : ', skip link first'}`, async ({ page }) => {
    await signIn(page, who)
    await open(page, path)
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.locator('h1')).toBeVisible()
    await expectLabelledInputs(page)
    // Landmarks every page shares.
    await expect(page.getByRole('banner')).toHaveCount(1)
    await expect(page.getByRole('main')).toHaveCount(1)
    await expect(page.getByRole('contentinfo')).toHaveCount(1)
    await expect(page.locator('html')).toHaveAttribute('lang', /\S/)
    if (modal) {
      await expect(page.getByRole('dialog')).toHaveAttribute('aria-modal', 'true')
      return
    }

    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toHaveAttribute('href', '#main')
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.locator('#main')).toBeFocused()
  })
}

test('the page-specific inputs are labelled by their visible labels', async ({ page }) => {
  await open(page, '/register')
  for (const name of ['Username', 'Email (optional)', 'Date of birth', 'Password', 'Confirm password']) {
    await expect(page.getByRole('main').getByLabel(name, { exact: true })).toHaveCount(1)
  }
  await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search posts...' })).toHaveCount(1)
})

test('focus is visible on a nav link reached with Tab', async ({ page }) => {
  await open(page, '/login')
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' })
  let reached = false
  for (let i = 0; i < 20 && !reached; i++) {
    await page.keyboard.press('Tab')
    reached = await nav.evaluate((el) => el.contains(document.activeElement))
  }
  expect(reached, 'Tab never reached the main nav').toBe(true)
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement
    const s = getComputedStyle(el)
    return { text: el.textContent, outlineStyle: s.outlineStyle, outlineWidth: parseFloat(s.outlineWidth), boxShadow: s.boxShadow }
  })
  expect(style.text).toBe('Home')
  const outlined = style.outlineStyle !== 'none' && style.outlineWidth > 0
  expect(outlined || style.boxShadow !== 'none', JSON.stringify(style)).toBe(true)
})

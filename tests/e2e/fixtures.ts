import { randomBytes } from 'node:crypto'

import { test as base, expect, request as requestFactory, type APIRequestContext, type Page } from '@playwright/test'

export { expect }

export const admin = () => ({ username: process.env.E2E_ADMIN_USERNAME!, password: process.env.E2E_ADMIN_PASSWORD! })

export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL)
  },
})

export const uniqueUsername = (prefix = 'e2e') => `${prefix}_${randomBytes(4).toString('hex')}`

/** YYYY-MM-DD for a birthday `years` ago (UTC), as the date input expects. */
export const birthDateYearsAgo = (years: number) => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10)
}

/**
 * Registers a member through the API in this page's browser context (sets the session cookie),
 * or in a bare request context (the page stays signed out).
 */
export async function registerViaApi(page: Page | APIRequestContext, overrides: Record<string, string> = {}) {
  const request = 'request' in page ? page.request : page
  const username = overrides.username ?? uniqueUsername()
  const password = 'correct-horse-9'
  const dateOfBirth = overrides.dateOfBirth ?? birthDateYearsAgo(25)
  const res = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.org`, dateOfBirth, password, confirmPassword: password, ...overrides },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(res.status()).toBe(201)
  const { user } = (await res.json()) as { user: { id: number; memberNumber: number | null } }
  return { username, password, dateOfBirth, id: user.id, memberNumber: user.memberNumber }
}

export async function verifyViaApi(page: Page, dateOfBirth: string) {
  const res = await page.request.post('/api/auth/verify-age', { data: { dateOfBirth }, headers: { origin: process.env.E2E_BASE_URL! } })
  expect(res.status()).toBe(200)
}

export async function loginViaApi(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { username, password }, headers: { origin: process.env.E2E_BASE_URL! } })
  expect(res.status()).toBe(200)
}

// ── Helpers for the UI specs ─────────────────────────────────────────────────────────────────

/** Where each kind of test writes its screenshots (outside the repo, looked at by hand). */
export const SHOTS_DIR = '/tmp/e2e-shots'

/** Today as YYYY-MM-DD in UTC: the day the server's date rules (and the date inputs' max) use. */
export const todayUtc = () => new Date().toISOString().slice(0, 10)

/** Predicate for toHaveURL: the page is at exactly this path (any query string). */
export const atPath = (pathname: string) => (url: URL) => url.pathname === pathname

/**
 * Waits until every island hydrated on load / idle has hydrated (Astro removes `ssr` then), so a
 * click reaches React and a form submit is not the native, pre-hydration one.
 */
export async function waitForIslands(page: Page) {
  // After a client-side redirect the URL can change before the new document has its islands.
  await page.waitForLoadState('load')
  await expect(page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="idle"], astro-island[ssr][client="form"]')).toHaveCount(0)
}

/** page.goto and wait for the islands; returns the navigation response. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path)
  await waitForIslands(page)
  return response
}

/** The toast viewport (SPEC §8): polite toasts in its status region, destructive ones in its alert region. */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' })

export async function expectToast(page: Page, title: string, description?: string, { destructive = false } = {}) {
  const region = toasts(page).getByRole(destructive ? 'alert' : 'status')
  await expect(region.getByText(title, { exact: true })).toBeVisible()
  if (description !== undefined) await expect(region.getByText(description, { exact: true })).toBeVisible()
}

/** A request context of its own (no cookies shared with any page); dispose it when done. */
export const freshRequest = () => requestFactory.newContext({ baseURL: process.env.E2E_BASE_URL })

/**
 * GET /api/auth/me as the page itself would call it (a same-origin fetch from the page), so the
 * answer reflects the browser's session. Payload only honours the session cookie on requests
 * that prove they are same-origin (Origin or Sec-Fetch-Site), which a bare page.request lacks.
 */
export async function meFromPage(page: Page): Promise<{ status: number; user: Record<string, unknown> | null }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/me', { credentials: 'same-origin' })
    return { status: res.status, user: res.ok ? await res.json() : null }
  })
}

/**
 * Makes a member Premium the way the creator would: sign in as the admin in a separate request
 * context, then PATCH the user through Payload's REST API (cookie auth, so Origin must be ours).
 */
export async function makePremiumAsAdmin(request: APIRequestContext, userId: number) {
  const origin = process.env.E2E_BASE_URL!
  const { username, password } = admin()
  const login = await request.post('/api/auth/login', { data: { username, password }, headers: { origin } })
  expect(login.status()).toBe(200)
  // Complimentary Premium for a month, as an admin gives it in /cms.
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString()
  const data = { isPremium: true, premiumSource: 'complimentary', premiumExpiresAt: until }
  const patch = await request.patch(`/cms/api/users/${userId}`, { data, headers: { origin } })
  expect(patch.status(), await patch.text()).toBe(200)
}

/** Signs in to /cms as the suite's admin (the creator) through the login form. */
export async function signInToCms(page: Page) {
  await page.goto('/cms/login')
  await page.getByLabel('Username').fill(admin().username)
  await page.getByLabel('Password').fill(admin().password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/cms\/?$/)
}

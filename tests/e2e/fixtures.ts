import { randomBytes } from 'node:crypto'

import { test as base, expect, type Page } from '@playwright/test'

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

/** Registers a member through the API in this page's browser context (sets the session cookie). */
export async function registerViaApi(page: Page, overrides: Record<string, string> = {}) {
  const username = overrides.username ?? uniqueUsername()
  const password = 'correct-horse-9'
  const dateOfBirth = overrides.dateOfBirth ?? birthDateYearsAgo(25)
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.org`, dateOfBirth, password, confirmPassword: password, ...overrides },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(res.status()).toBe(201)
  return { username, password, dateOfBirth }
}

export async function verifyViaApi(page: Page, dateOfBirth: string) {
  const res = await page.request.post('/api/auth/verify-age', { data: { dateOfBirth }, headers: { origin: process.env.E2E_BASE_URL! } })
  expect(res.status()).toBe(200)
}

export async function loginViaApi(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { username, password }, headers: { origin: process.env.E2E_BASE_URL! } })
  expect(res.status()).toBe(200)
}

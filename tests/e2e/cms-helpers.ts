// Shared by the /cms browser specs (not a spec itself).
import type { Page } from '@playwright/test'

import { admin, expect } from './fixtures'

/** Signs in at /cms/login as the seeded creator (admin), through the form. */
export async function signInToCms(page: Page) {
  await page.goto('/cms/login')
  await page.getByLabel('Username').fill(admin().username)
  await page.getByLabel('Password').fill(admin().password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/cms\/?$/)
}

/** A view is settled when no skeleton (Payload's shimmer) or loading overlay is left on it. */
export async function waitForCmsView(page: Page) {
  await page.waitForLoadState('load')
  await expect(page.locator('.shimmer-effect, .loading-overlay, .loading-overlay--show')).toHaveCount(0, { timeout: 15_000 })
}

/** Payload REST as the signed-in page (cookie auth: the Origin must be ours). */
export const cmsApi = (page: Page) => {
  const headers = { origin: process.env.E2E_BASE_URL! }
  return {
    post: (path: string, data: unknown) => page.request.post(`/cms/api/${path}`, { data, headers }),
    get: (path: string) => page.request.get(`/cms/api/${path}`, { headers }),
    delete: (path: string) => page.request.delete(`/cms/api/${path}`, { headers }),
  }
}

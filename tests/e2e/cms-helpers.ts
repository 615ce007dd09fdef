// Shared by the /cms browser specs (not a spec itself).
import type { Page } from '@playwright/test'

import { expect } from './fixtures'

export { signInToCms } from './fixtures'

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

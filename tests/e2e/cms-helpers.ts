// Shared by the /cms browser specs (not a spec itself).
import type { Page } from '@playwright/test'
import sharp from 'sharp'

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

/** The post editor's Lexical body field (the first rich text on the page). */
export const lexicalEditor = (page: Page) => page.locator('[data-lexical-editor="true"]').first()

/**
 * Types "/" where the caret is and picks `option` from the editor's slash menu (Payload's block and
 * upload items: 'Code', 'YouTube video', 'Upload', …). The caret must be in an empty paragraph.
 */
export async function insertFromSlashMenu(page: Page, option: string) {
  await page.keyboard.type('/')
  const menu = page.locator('.slash-menu-popup')
  await menu.getByRole('option', { name: option, exact: true }).click()
  await expect(menu).toBeHidden()
}

/**
 * Picks one document in Payload's list drawer (the upload field's "Choose from existing", the
 * editor's Upload item): searches for `text` and clicks its row. Returns when the drawer has closed.
 */
export async function chooseInListDrawer(page: Page, text: string) {
  const drawer = page.locator('.list-drawer').last()
  await expect(drawer).toBeVisible()
  await drawer.locator('.search-filter__input, input[type="search"]').first().fill(text)
  await drawer.locator('tbody tr', { hasText: text }).getByRole('button').filter({ hasText: text }).first().click()
  await expect(drawer).toBeHidden()
}

/** An image in the media library, made with sharp and uploaded through Payload REST as the signed-in page. */
export async function createMediaViaApi(page: Page, { filename, alt, caption, color = '#1d4ed8', width = 1200, height = 675 }: { filename: string; alt: string; caption?: string; color?: string; width?: number; height?: number }) {
  const png = await sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer()
  const res = await page.request.post('/cms/api/media', {
    multipart: { file: { name: filename, mimeType: 'image/png', buffer: png }, _payload: JSON.stringify({ alt, ...(caption ? { caption } : {}) }) },
    headers: { origin: process.env.E2E_BASE_URL! },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { doc: { id: number; filename: string; url: string } }).doc
}

/**
 * Selects the current line's text in the editor, opens the toolbar's link drawer on "Internal
 * link" and opens its document picker; returns the drawer and the picker.
 */
export async function openInternalLinkPicker(page: Page) {
  await page.keyboard.press('Shift+Home')
  await page.locator('.inline-toolbar-popup .toolbar-popup__button-link').click()
  const drawer = page.locator('.drawer__content').last()
  await drawer.getByText('Internal link').click()
  const relationship = drawer.locator('.field-type.relationship')
  await relationship.locator('.rs__control').click()
  return { drawer, relationship }
}

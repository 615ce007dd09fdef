// What a Ghost writer expects: in /cms the creator writes a post that autosaves, previews
// The draft on the real page through a link anyone can open, publishes it; and schedules a post a
// minute ahead, which appears on /blog by itself.
import type { Browser, Page } from '@playwright/test'

import { SITE_TIME_ZONE, SITE_TIME_ZONE_LABEL } from '../../shared/constants'
import { expect, signInToCms, test } from './fixtures'

const origin = () => ({ origin: process.env.E2E_BASE_URL! })

/** A signed-out reader in a browser of their own. */
async function reader(browser: Browser) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
  return { page: await context.newPage(), close: () => context.close() }
}

const editor = (page: Page) => page.locator('[data-lexical-editor="true"]').first()
const postId = (page: Page) => Number(/\/cms\/collections\/posts\/(\d+)/.exec(page.url())![1])

test('write a post in /cms: it autosaves, the preview link shows the draft on the real page, and publishing puts it on the site', async ({ page, browser }) => {
  await signInToCms(page)
  const title = `Ghost writer draft ${Date.now()}`
  // "Create New" opens the post's own draft: no Save Draft to press, it is saved as it is written.
  await page.goto('/cms/collections/posts/create')
  await expect(page).toHaveURL(/\/cms\/collections\/posts\/\d+/)
  const id = postId(page)
  await page.locator('#field-title').fill(title)
  await editor(page).click()
  await page.keyboard.type('The opening paragraph.')
  const slug = `ghost-writer-draft-${title.split(' ').pop()}`
  await expect(page.locator('#field-slug')).toHaveValue(slug, { timeout: 20_000 })

  // Typing is saved by itself: an autosave request, and the editor says when it last saved.
  const autosaved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(`/cms/api/posts/${id}`) && r.url().includes('autosave=true') && (r.request().postData() ?? '').includes('A sentence the autosave keeps.'))
  await editor(page).click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type(' A sentence the autosave keeps.')
  expect((await autosaved).status()).toBe(200)
  await expect(page.getByText(/Last saved/)).toBeVisible()

  // Not published yet: readers get a 404.
  const visitor = await reader(browser)
  expect((await visitor.page.goto(`/post/${slug}`))?.status()).toBe(404)

  // The Preview button's link is shareable: a signed-out reader sees the draft on the real page.
  const preview = page.getByRole('link', { name: 'Preview' })
  await expect(preview).toHaveAttribute('href', new RegExp(`/post/${slug}\\?preview=${id}\\.`))
  const href = (await preview.getAttribute('href'))!
  const shown = await visitor.page.goto(href)
  expect(shown?.status()).toBe(200)
  expect(shown?.headers()['cache-control']).toBe('private, no-store')
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(visitor.page.locator('article').getByText('A sentence the autosave keeps.').first()).toBeVisible()
  await expect(visitor.page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  // A link that was altered is refused with a page saying so.
  expect((await visitor.page.goto(href.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))))?.status()).toBe(403)
  await expect(visitor.page.getByRole('heading', { name: 'This preview link is not valid' })).toBeVisible()

  // Publish: the post is on the site, with what was autosaved.
  await page.locator('#action-save').click()
  await expect(page.getByText(/successfully/i).first()).toBeVisible()
  expect((await visitor.page.goto(`/post/${slug}`))?.status()).toBe(200)
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(visitor.page.locator('article').getByText('A sentence the autosave keeps.').first()).toBeVisible()
  await visitor.page.goto('/blog')
  await expect(visitor.page.getByRole('link', { name: title })).toBeVisible()
  await visitor.close()
  await page.request.delete(`/api/blog-posts/${id}`, { headers: origin() })
})

test('schedule a post a minute ahead in /cms and see it appear on /blog by itself', async ({ page, browser }) => {
  test.setTimeout(5 * 60_000)
  await signInToCms(page)
  const title = `Scheduled from the CMS ${Date.now()}`
  const created = await page.request.post('/api/blog-posts', { data: { title, content: 'Goes out at the set time.', status: 'draft' }, headers: origin() })
  expect(created.status()).toBe(201)
  const { id, slug } = (await created.json()) as { id: number; slug: string }
  await page.goto(`/cms/collections/posts/${id}`)
  await expect(page.locator('#field-title')).toHaveValue(title)

  await page.locator('#action-save-popup').click()
  await page.locator('#schedule-publish').click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByText('No upcoming events scheduled.')).toBeVisible()
  // It opens on Publish (Payload's own drawer preselected Unpublish for a post with no newer
  // draft), on the site's time zone.
  await expect(drawer.getByRole('radio', { name: 'Publish', exact: true })).toBeChecked()
  await expect(drawer.locator('.timezone-picker')).toContainText(SITE_TIME_ZONE_LABEL)
  // The next whole minute at least a minute from now, on the site's clock, as the picker writes it.
  const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000)
  const when = new Intl.DateTimeFormat('en-US', { timeZone: SITE_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true })
    .format(at)
    .replace(' at ', ' ')
    .replace(/,(?= \d+:)/, '')
  await drawer.locator('.date-time-picker input').fill(when)
  await page.keyboard.press('Enter')
  await page.locator('#scheduled-publish-save').click()
  await expect(page.getByText(/scheduled successfully/i).first()).toBeVisible()
  await expect(drawer.getByRole('row').filter({ hasText: 'Publish' })).toHaveCount(1)

  const visitor = await reader(browser)
  await visitor.page.goto('/blog')
  await expect(visitor.page.getByRole('link', { name: title })).toHaveCount(0)
  // Nobody touches it again: the server's jobs queue publishes it once its time has come.
  await expect
    .poll(
      async () => {
        await visitor.page.goto('/blog')
        return visitor.page.getByRole('link', { name: title }).count()
      },
      { timeout: 4 * 60_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0)
  await visitor.page.getByRole('link', { name: title }).first().click()
  await expect(visitor.page).toHaveURL(new RegExp(`/post/${slug}$`))
  await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(title)
  await visitor.close()
  await page.request.delete(`/api/blog-posts/${id}`, { headers: origin() })
})

test.describe('version history in a browser far from the site', () => {
  // Tokyo is neither the site's zone (New York) nor the server's (UTC): every time shown is the site's.
  test.use({ timezoneId: 'Asia/Tokyo' })

  test('a version of a post compared with the published one lists its status once, and its times in the site zone', async ({ page }) => {
    await signInToCms(page)
    const created = await page.request.post('/api/blog-posts', { data: { title: `Versions ${Date.now()}`, content: 'The first text.', status: 'published' }, headers: origin() })
    expect(created.status()).toBe(201)
    const { id } = (await created.json()) as { id: number }
    try {
      const doc = (await (await page.request.get(`/cms/api/posts/${id}?depth=0&draft=true`, { headers: origin() })).json()) as Record<string, unknown>
      const autosaved = await page.request.patch(`/cms/api/posts/${id}?draft=true&autosave=true&depth=0`, { data: { ...doc, title: `${doc.title as string} (draft)`, _status: 'draft' }, headers: origin() })
      expect(autosaved.status()).toBe(200)
      const versions = (await (await page.request.get(`/cms/api/posts/versions?where[parent][equals]=${id}&sort=-updatedAt&limit=1&depth=0`, { headers: origin() })).json()) as { docs: { updatedAt: string }[] }
      const savedAt = versions.docs[0]!.updatedAt
      await page.goto(`/cms/collections/posts/${id}/versions`)
      const draftRow = page.getByRole('row').filter({ hasText: 'Current Draft' })
      await expect(draftRow.getByRole('link').first()).toHaveText(cmsTime(savedAt, SITE_TIME_ZONE))
      await draftRow.getByRole('link').first().click()
      await expect(page.getByText('Restore this version')).toBeVisible()
      await expect(page.getByText(`${doc.title as string} (draft)`).first()).toBeVisible()
      await expect(page.getByText('Status', { exact: true })).toHaveCount(1)
      await expect(page.getByText('Search Text', { exact: true })).toHaveCount(0)
      // The compare header (drawn on the server) and the version labels (drawn in the browser) agree.
      await expect(page.getByText(cmsTime(savedAt, SITE_TIME_ZONE)).first()).toBeVisible()
      await expect(page.getByText(cmsTime(savedAt, 'Asia/Tokyo'))).toHaveCount(0)
      await expect(page.getByText(cmsTime(savedAt, 'UTC'))).toHaveCount(0)
    } finally {
      await page.request.delete(`/api/blog-posts/${id}`, { headers: origin() })
    }
  })
})

/** A time as /cms shows it (CMS_DATE_TIME_FORMAT, "MMM dd, yyyy 'at' h:mm a") in `timeZone`. */
function cmsTime(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute} ${parts.dayPeriod}`
}

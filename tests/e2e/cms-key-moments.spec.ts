// The creator manages a video's key moments in /cms: rows of time and
// Description, saved only when each time reads as m:ss or h:mm:ss, falls before the video's end and
// follows the row above; the video page lists them and its JSON-LD carries them as clips.
import { randomBytes } from 'node:crypto'

import type { Page } from '@playwright/test'

import { KEY_MOMENT_MESSAGES } from '../../shared/key-moments'
import { expect, SHOTS_DIR, test } from './fixtures'
import { cmsApi, signInToCms, waitForCmsView } from './cms-helpers'

const YOUTUBE = /^https:\/\/(www\.youtube(-nocookie)?\.com|i\.ytimg\.com|img\.youtube\.com)\//

/** Opens the collapsed 'Search and SEO' section (left as it is when /cms remembered it open). */
async function openSearchAndSeo(page: Page) {
  const header = page.locator('.collapsible__toggle-wrap').filter({ hasText: 'Search and SEO' }).first()
  const collapsed = header.locator('button.collapsible__toggle--collapsed')
  if (await collapsed.count()) await collapsed.click()
  await expect(page.getByRole('button', { name: 'Add Key moment' })).toBeVisible()
}

async function fillRow(page: Page, index: number, time: string, description: string) {
  await page.getByRole('button', { name: 'Add Key moment' }).click()
  const timeInput = page.locator(`#field-keyMoments__${index}__timestamp`)
  // A new row's fields come from the server (a shimmer until then): slow on a busy machine.
  await expect(timeInput).toBeVisible({ timeout: 30_000 })
  await timeInput.fill(time)
  // The form sends its state to the server after a change (a server action); saving before that
  // answer arrives lets the late answer wipe the save's field errors off the form.
  const formState = page.waitForResponse((r) => r.request().method() === 'POST' && Boolean(r.request().headers()['next-action']))
  await page.locator(`#field-keyMoments__${index}__description`).fill(description)
  await formState
}

test('key moments edited in /cms appear on the video page and in its JSON-LD; bad rows are shown and not saved', async ({ page }) => {
  test.setTimeout(180_000)
  await page.route(YOUTUBE, (route) => route.abort())
  await signInToCms(page)
  const videoId = `km_${randomBytes(5).toString('hex')}`
  const created = await cmsApi(page).post('videos', {
    videoId,
    title: `Key moments in the editor ${videoId}`,
    // Older than every seeded video: the lists and 'up next' other specs read stay as seeded.
    publishedAt: '2001-01-01T00:00:00.000Z',
    source: 'youtube',
    duration: 'PT10M',
  })
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }

  await page.goto(`/cms/collections/videos/${doc.id}`)
  await waitForCmsView(page)
  await openSearchAndSeo(page)
  await fillRow(page, 0, '0:00', 'Opening words')
  await fillRow(page, 1, '1:23', 'The first question')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/successfully/i).first()).toBeVisible()
  // Each row is labelled by its moment once saved.
  await expect(page.getByText('1:23 — The first question')).toBeVisible()

  // On the site: the list links each time to that second, and the JSON-LD has one clip per moment.
  await page.goto(`/video/${videoId}`)
  const opening = page.getByRole('link', { name: 'Play from 0:00' }).first()
  await expect(opening).toBeVisible()
  await expect(opening).toHaveAttribute('href', `/video/${videoId}?t=0`)
  await expect(page.getByRole('link', { name: 'Play from 1:23' }).first()).toHaveAttribute('href', `/video/${videoId}?t=83`)
  await expect(page.getByText('The first question').first()).toBeVisible()
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>)
  const video = jsonLd.find((item) => item['@type'] === 'VideoObject')
  expect(video?.hasPart).toEqual([
    expect.objectContaining({ '@type': 'Clip', name: 'Opening words', startOffset: 0, endOffset: 83 }),
    expect.objectContaining({ '@type': 'Clip', name: 'The first question', startOffset: 83, endOffset: 600 }),
  ])

  // Three bad rows at once: each is marked with what to fix, and nothing is saved.
  await page.goto(`/cms/collections/videos/${doc.id}`)
  await waitForCmsView(page)
  await openSearchAndSeo(page)
  await fillRow(page, 2, '0:30', 'Before the row above')
  await fillRow(page, 3, '10:00', 'At the very end')
  await fillRow(page, 4, 'soon', 'Not a time')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/The following fields are invalid/i).first()).toBeVisible()
  for (const message of [KEY_MOMENT_MESSAGES.notAfter('1:23'), KEY_MOMENT_MESSAGES.beyondEnd('10:00'), KEY_MOMENT_MESSAGES.format]) {
    await expect(page.locator('.field-error').getByText(message, { exact: true })).toBeVisible()
  }
  await page.locator('#field-keyMoments__2__timestamp').scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS_DIR}/cms-key-moments-errors.png`, fullPage: true })
  const stored = await cmsApi(page).get(`videos/${doc.id}`)
  expect(((await stored.json()) as { keyMoments: { timestamp: string }[] }).keyMoments.map((m) => m.timestamp)).toEqual(['0:00', '1:23'])
})

// The creator's video editor in /cms: the video id is fixed once created, durations read and are
// typed as m:ss (the list column too), the publish date carries its time, and visibility is a
// choice in the creator's words.
import { randomBytes } from 'node:crypto'

import { expect, test } from './fixtures'
import { cmsApi, signInToCms, waitForCmsView } from './cms-helpers'

test('a video in /cms: read-only id, m:ss durations, publish date with time, visibility', async ({ page }) => {
  test.setTimeout(120_000)
  await page.route(/^https:\/\/(www\.youtube(-nocookie)?\.com|i\.ytimg\.com|img\.youtube\.com)\//, (route) => route.abort())
  await signInToCms(page)
  const videoId = `cmsfields_${randomBytes(4).toString('hex')}`
  const title = `Editor fields ${videoId}`
  // Older than every seeded video: the lists other specs read stay as seeded.
  const created = await cmsApi(page).post('videos', { videoId, title, publishedAt: '2001-01-01T17:45:00.000Z', source: 'youtube', duration: 'PT1M5S' })
  expect(created.status(), await created.text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }
  try {
    await page.goto(`/cms/collections/videos?where[videoId][equals]=${videoId}`)
    await waitForCmsView(page)
    const row = page.locator('tr').filter({ hasText: title })
    await expect(row.locator('td.cell-duration')).toHaveText('1:05')
    await expect(row).not.toContainText('PT1M5S')

    await page.goto(`/cms/collections/videos/${doc.id}`)
    await waitForCmsView(page)
    await expect(page.locator('#field-videoId')).toHaveValue(videoId)
    await expect(page.locator('#field-videoId')).not.toBeEditable()
    await expect(page.locator('#field-duration')).toHaveValue('1:05')
    // The picker shows the time too (12:45 PM in New York).
    await expect(page.locator('#field-publishedAt').getByRole('textbox')).toHaveValue('Jan 1, 2001 12:45 PM')
    await page.locator('#field-duration').fill('4:13')
    await page.locator('#field-visibility').click()
    await page.getByRole('option', { name: 'Unlisted — anyone with the link' }).click()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(/successfully/i).first()).toBeVisible()
    const stored = (await (await cmsApi(page).get(`videos/${doc.id}`)).json()) as { duration: string; visibility: string; videoId: string }
    expect(stored).toMatchObject({ duration: 'PT4M13S', visibility: 'unlisted', videoId })
  } finally {
    await cmsApi(page).delete(`videos/${doc.id}`)
  }
})

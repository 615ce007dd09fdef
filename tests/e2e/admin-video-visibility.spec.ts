// The creator decides who a video is for in /admin's video list: made unlisted it leaves /vlog but
// still plays by its link; given a publish date ahead it is scheduled, and its link is 404 for
// visitors until then.
import { randomBytes } from 'node:crypto'

import { admin, expect, expectToast, loginViaApi, open, test } from './fixtures'

const FREE_MANUAL = 'manual_noib0upzhq'

test.use({ actionTimeout: 20_000 })

test('the creator sets a video unlisted, then schedules it, from /admin', async ({ page, browser }) => {
  test.setTimeout(2 * 60_000)
  const origin = { origin: process.env.E2E_BASE_URL! }
  await loginViaApi(page, admin().username, admin().password)
  // A self-hosted video of its own, playing the seeded free clip; older than the seeded videos, so
  // the lists other specs read keep their first pages.
  const source = await page.request.get(`/api/videos/${FREE_MANUAL}`)
  const videoUrl = ((await source.json()) as { videoUrl: string }).videoUrl
  const videoId = `manual_vis${randomBytes(4).toString('hex')}`
  const title = `Visibility clip ${videoId.slice(-8)}`
  const created = await page.request.post('/cms/api/videos', { data: { videoId, title, publishedAt: '2000-01-01T12:00:00.000Z', source: 'manual', videoUrl }, headers: origin })
  expect(created.status()).toBe(201)
  const id = ((await created.json()) as { doc: { id: number } }).doc.id

  const visitor = await browser.newPage()
  // The /vlog page its card is on (24 a page, newest first), found through the list's API; null when it is in no list.
  const vlogPageOf = async () => {
    for (let n = 1; ; n++) {
      const { videos, totalPages } = (await (await visitor.request.get(`/api/videos?limit=100&page=${n}`)).json()) as { videos: { videoId: string }[]; totalPages: number }
      const index = videos.findIndex((v) => v.videoId === videoId)
      if (index >= 0) return Math.floor(((n - 1) * 100 + index) / 24) + 1
      if (n >= totalPages) return null
    }
  }
  const card = () => visitor.getByRole('list', { name: 'Videos' }).getByRole('link', { name: title })
  try {
    const listedOn = await vlogPageOf()
    expect(listedOn).not.toBeNull()
    await visitor.goto(`/vlog?page=${listedOn}`)
    await expect(card()).toHaveCount(1)

    await open(page, '/admin/content/videos')
    const row = page.getByTestId(`admin-video-${videoId}`)
    await expect(row).toContainText('Ready')
    await expect(row.getByRole('link', { name: `Edit in /cms ${title}` })).toHaveAttribute('href', `/cms/collections/videos/${id}`)
    // The preview plays in the site's own player.
    await row.getByRole('button', { name: `Preview ${title}` }).click()
    const preview = page.getByRole('dialog', { name: title })
    await expect(preview.getByTestId('admin-video-preview')).toBeVisible()
    await preview.getByRole('button', { name: 'Close' }).click()

    const visibility = row.getByRole('combobox', { name: `Visibility of ${title}` })
    await expect(visibility).toHaveText('Public')
    await visibility.click()
    await page.getByRole('option', { name: 'Unlisted — anyone with the link' }).click()
    await expectToast(page, 'Video updated')
    await expect(visibility).toHaveText('Unlisted — anyone with the link')

    // Gone from the list; its link still plays, marked unlisted.
    expect(await vlogPageOf()).toBeNull()
    await visitor.goto(`/vlog?page=${listedOn}`)
    await expect(card()).toHaveCount(0)
    const watch = await visitor.goto(`/video/${videoId}`)
    expect(watch?.status()).toBe(200)
    await expect(visitor.getByTestId('video-not-listed')).toContainText('Unlisted')
    const player = visitor.locator('video#video-player')
    await expect(player).toBeVisible()
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true
      return v.play()
    })
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.2)

    // Scheduled a year ahead: the visitor's link is 404 until then.
    const ahead = `${new Date().getUTCFullYear() + 1}-06-01T09:30`
    await row.getByLabel(`Publish date of ${title}`, { exact: false }).fill(ahead)
    await row.getByRole('button', { name: `Save date of ${title}` }).click()
    await expectToast(page, 'Video updated')
    await expect(row).toContainText('Scheduled: listed from')
    expect((await visitor.goto(`/video/${videoId}`))?.status()).toBe(404)
    // The admin still opens it, and is told when it goes out.
    await open(page, `/video/${videoId}`)
    await expect(page.getByTestId('video-not-listed')).toContainText('Scheduled: published on')
  } finally {
    await visitor.close()
    await page.request.delete(`/cms/api/videos/${id}`, { headers: origin })
  }
})

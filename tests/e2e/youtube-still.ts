// The seeded videos' stills are drawn locally (they show offline), so the YouTube still fallback
// (maxresdefault → hqdefault → the frame's own gradient) is tried on a video imported the way the
// YouTube sync stores one: its still on i.ytimg.com. Dated 1971 so it is the oldest video and
// never moves the seed's newest; it lands on /vlog's last page.
import { randomBytes } from 'node:crypto'

import type { APIRequestContext, Page } from '@playwright/test'

import { admin, expect, freshRequest } from './fixtures'

export type ImportedVideo = { id: number; videoId: string; title: string; dispose: () => Promise<void> }

export async function importedYoutubeVideo(): Promise<ImportedVideo> {
  const headers = { origin: process.env.E2E_BASE_URL! }
  const request: APIRequestContext = await freshRequest()
  expect((await request.post('/api/auth/login', { data: admin(), headers })).status()).toBe(200)
  const suffix = randomBytes(4).toString('hex')
  const videoId = `still${suffix}`
  const title = `Archive still ${suffix}`
  const made = await request.post('/cms/api/videos', {
    data: { videoId, title, source: 'youtube', publishedAt: '1971-01-01T12:00:00.000Z', duration: 'PT3M', thumbnailUrl: `https://i.ytimg.com/vi/${videoId}/maxresdefault.jpg` },
    headers,
  })
  expect(made.status(), await made.text()).toBe(201)
  const id = (await made.json()).doc.id as number
  return {
    id,
    videoId,
    title,
    dispose: async () => {
      await request.delete(`/cms/api/videos/${id}`, { headers })
      await request.dispose()
    },
  }
}

/** The imported video's card image on /vlog's last page (a page past the end redirects there). */
export async function imageOnLastVlogPage(page: Page, video: ImportedVideo) {
  await page.goto('/vlog?page=9999')
  return page.getByRole('list', { name: 'Videos' }).getByRole('article').filter({ hasText: video.title }).locator('img')
}

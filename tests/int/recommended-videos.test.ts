// The video page's 'Recommended Videos': the recommender's similar list for the video on screen
// (videos sharing its tags, the closest first), read for the viewer like every list, topped up with
// the newest others; never the video itself nor Up Next, VIDEO_PAGE.recommended of them.
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { VIDEO_PAGE } from '../../shared/constants'
import type { ApiClient } from '../helpers/api-client'
import { sql } from './sql'
import { baseUrl, SEEDED, signedInAdmin } from './videos-helpers'

/** The page as a visitor gets it: Up Next and the recommended list, in order. */
async function videoPage(videoId: string) {
  const res = await fetch(`${baseUrl}/video/${encodeURIComponent(videoId)}`)
  expect(res.status).toBe(200)
  const html = await res.text()
  const upNext = /data-up-next="([^"]+)"/.exec(html)?.[1] ?? null
  const start = html.indexOf('data-testid="recommended-videos"')
  expect(start, 'the page has a Recommended Videos list').toBeGreaterThan(-1)
  const list = html.slice(start, html.indexOf('</ul>', start))
  const recommended = [...list.matchAll(/href="\/video\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!))
  return { upNext, recommended }
}

/** Every video's tags as the recommender sees them: its own (video-tags rows) and its category's topic tag. */
async function tagsByVideo() {
  const rows = await sql<{ video_id: string; tags: number[] }>(`
    select v.video_id, coalesce(array_agg(t.tag) filter (where t.tag is not null), '{}') as tags
      from videos v
      left join lateral (
        select vt.tag_id as tag from video_tags vt where vt.video_id = v.id
        union
        select ct.id from categories c join content_tags ct on ct.source_category_id = c.id where c.slug = v.category
      ) t on true
     group by v.video_id`)
  return new Map(rows.map((row) => [row.video_id, new Set(row.tags)]))
}

/** The newest videos first, as /vlog and the old rule list them. */
async function newestVideoIds(): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/videos?limit=100&page=1`)
  return ((await res.json()) as { videos: { videoId: string }[] }).videos.map((v) => v.videoId)
}

describe("a video page's Recommended Videos", () => {
  it('on a seeded video: 8 videos that share its tags, never itself, never Up Next', async () => {
    const { upNext, recommended } = await videoPage(SEEDED.youtubeWithSeo)
    expect(recommended).toHaveLength(VIDEO_PAGE.recommended)
    expect(new Set(recommended).size).toBe(recommended.length)
    expect(recommended).not.toContain(SEEDED.youtubeWithSeo)
    expect(upNext).not.toBeNull()
    expect(recommended).not.toContain(upNext)
    const tags = await tagsByVideo()
    const own = tags.get(SEEDED.youtubeWithSeo)!
    expect(own.size).toBeGreaterThan(0)
    for (const videoId of recommended) expect([...tags.get(videoId)!].some((tag) => own.has(tag)), `${videoId} shares a tag`).toBe(true)
    // No longer the first 8 of the list: the seeded catalogue has newer videos with nothing in common.
    const newest = (await newestVideoIds()).filter((id) => id !== SEEDED.youtubeWithSeo && id !== upNext).slice(0, VIDEO_PAGE.recommended)
    expect(recommended).not.toEqual(newest)
  })

  describe('with videos of its own', () => {
    const tag = randomBytes(4).toString('hex')
    const shared = `probe shared ${tag}`
    const extra = `probe extra ${tag}`
    let admin: ApiClient
    const created: number[] = []
    // All older than anything seeded, so the newest-first rule would never list them.
    // Newest first: untagged, A, B (Up Next of A), D (shares less), C (shares all).
    const videos = {
      untagged: { videoId: `rec_u_${tag}`, publishedAt: '1990-01-05T00:00:00.000Z', tags: [] as string[] },
      a: { videoId: `rec_a_${tag}`, publishedAt: '1990-01-04T00:00:00.000Z', tags: [shared] },
      b: { videoId: `rec_b_${tag}`, publishedAt: '1990-01-03T00:00:00.000Z', tags: [shared] },
      d: { videoId: `rec_d_${tag}`, publishedAt: '1990-01-02T00:00:00.000Z', tags: [shared, extra] },
      c: { videoId: `rec_c_${tag}`, publishedAt: '1990-01-01T00:00:00.000Z', tags: [shared] },
    }

    beforeAll(async () => {
      admin = await signedInAdmin()
      for (const [name, video] of Object.entries(videos)) {
        const res = await admin.post('/cms/api/videos', { ...video, title: `Recommended probe ${name} ${tag}`, source: 'youtube' })
        expect(res.status, JSON.stringify(res.body)).toBe(201)
        created.push(res.body.doc.id)
      }
    })

    afterAll(async () => {
      for (const id of created) await admin.request('DELETE', `/cms/api/videos/${id}`)
    })

    it('the closest first (not the newest), Up Next left out, then the newest others', async () => {
      const { upNext, recommended } = await videoPage(videos.a.videoId)
      expect(upNext).toBe(videos.b.videoId)
      expect(recommended).toHaveLength(VIDEO_PAGE.recommended)
      // C shares every tag with A, D only one of two: C comes first although D is newer.
      expect(recommended.slice(0, 2)).toEqual([videos.c.videoId, videos.d.videoId])
      const mine = new Set(Object.values(videos).map((v) => v.videoId))
      const newest = (await newestVideoIds()).filter((id) => !mine.has(id))
      expect(recommended.slice(2)).toEqual(newest.slice(0, VIDEO_PAGE.recommended - 2))
    })

    it('a video sharing no tag gets the newest others, as before', async () => {
      const { upNext, recommended } = await videoPage(videos.untagged.videoId)
      expect(upNext).toBe(videos.a.videoId)
      const newest = (await newestVideoIds()).filter((id) => id !== videos.untagged.videoId && id !== upNext)
      expect(recommended).toEqual(newest.slice(0, VIDEO_PAGE.recommended))
    })

    it('a video with nothing said about it has no empty About box, and one view reads "1 view"', async () => {
      const id = created[Object.keys(videos).indexOf('untagged')]!
      expect((await admin.patch(`/cms/api/videos/${id}`, { viewCount: 1 })).status).toBe(200)
      const html = await (await fetch(`${baseUrl}/video/${encodeURIComponent(videos.untagged.videoId)}`)).text()
      expect(html).not.toContain('data-testid="video-description"')
      expect(html).toMatch(/>1 view</)
      expect(html).not.toMatch(/>1 views</)
    })

    it('follows a change of tags at once', async () => {
      const id = created[Object.keys(videos).indexOf('untagged')]!
      expect((await admin.patch(`/cms/api/videos/${id}`, { tags: [shared] })).status).toBe(200)
      const { recommended } = await videoPage(videos.untagged.videoId)
      // A is Up Next; B and C share the one tag fully, D half of it.
      expect(recommended.slice(0, 3)).toEqual(expect.arrayContaining([videos.b.videoId, videos.c.videoId]))
      expect(recommended.slice(0, 3)).toContain(videos.d.videoId)
      expect(recommended).not.toContain(videos.a.videoId)
    })
  })
})

import { describe, expect, it } from 'vitest'

import { videos as videoFixtures } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'
import { baseUrl, DETAIL_KEYS, premiumMember, SEEDED, signedInAdmin, SUMMARY_KEYS } from './videos-helpers'

const visitor = () => new ApiClient(baseUrl)
type Summary = { videoId: string; publishedAt: string; [key: string]: unknown }
const seededIds = new Set(videoFixtures.map((v) => v.videoId))

describe('GET /api/videos', () => {
  it('returns the first 24 videos, newest first, with the totals a pager needs', async () => {
    const res = await visitor().get('/api/videos')
    expect(res.status).toBe(200)
    const { videos, page, limit, totalPages, totalDocs } = res.body
    expect({ page, limit }).toEqual({ page: 1, limit: 24 })
    expect(totalDocs).toBeGreaterThanOrEqual(36)
    expect(totalPages).toBe(Math.ceil(totalDocs / 24))
    expect(videos).toHaveLength(24)
    expect(videos[0].videoId).toBe(SEEDED.youtubeWithSeo)
    for (const v of videos) expect(Object.keys(v).sort()).toEqual(SUMMARY_KEYS)
    const times = videos.map((v: Summary) => Date.parse(v.publishedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('summaries are typed as the client expects and never carry a playable source', async () => {
    const { body } = await visitor().get('/api/videos?limit=100')
    for (const v of body.videos) {
      expect(v).toMatchObject({ id: expect.any(Number), videoId: expect.any(String), title: expect.any(String), viewCount: expect.any(Number) })
      expect(['youtube', 'manual']).toContain(v.source)
      expect(typeof v.isPremium).toBe('boolean')
      expect(v).not.toHaveProperty('videoUrl')
      // Seeded stills are drawn locally whatever the source (they show offline); an imported video keeps YouTube's.
      const local = `/media/thumbnails/${v.videoId}.jpg`
      if (seededIds.has(v.videoId)) expect(v.thumbnailUrl).toBe(local)
      else expect([local, ...(v.source === 'youtube' ? [`https://i.ytimg.com/vi/${v.videoId}/maxresdefault.jpg`] : [])]).toContain(v.thumbnailUrl)
    }
  })

  it('pages follow each other without overlap and together hold every video once', async () => {
    const client = visitor()
    const first = await client.get('/api/videos?limit=10&page=1')
    const { totalPages, totalDocs } = first.body
    const all: Summary[] = [...first.body.videos]
    for (let page = 2; page <= totalPages; page++) all.push(...(await client.get(`/api/videos?limit=10&page=${page}`)).body.videos)
    expect(all).toHaveLength(totalDocs)
    expect(new Set(all.map((v) => v.videoId)).size).toBe(totalDocs)
    const times = all.map((v) => Date.parse(v.publishedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const twelve = (await client.get('/api/videos?limit=12')).body.videos.map((v: Summary) => v.videoId)
    const pageTwo = (await client.get('/api/videos?limit=6&page=2')).body.videos.map((v: Summary) => v.videoId)
    expect(pageTwo).toEqual(twelve.slice(6))
  })

  it.each([
    ['page=0', { page: 1, limit: 24 }],
    ['page=-3&limit=0', { page: 1, limit: 1 }],
    ['limit=10000', { page: 1, limit: 100 }],
    ['page=abc&limit=xyz', { page: 1, limit: 24 }],
    ['page=1.5&limit=%00', { page: 1, limit: 24 }],
    ['page=2&page=9&limit=6', { page: 2, limit: 6 }],
  ])('clamps bad query values (%s) instead of failing', async (query, expected) => {
    const res = await visitor().get(`/api/videos?${query}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject(expected)
    expect(res.body.videos.length).toBe(Math.min(expected.limit, res.body.totalDocs))
  })

  it('a page past the end is empty but still reports the totals', async () => {
    const res = await visitor().get('/api/videos?page=9999')
    expect(res.status).toBe(200)
    expect(res.body.videos).toEqual([])
    expect(res.body.page).toBe(9999)
    expect(res.body.totalPages).toBe(Math.ceil(res.body.totalDocs / 24))
  })
})

describe('GET /api/videos/{videoId}', () => {
  it('returns the detail of a YouTube video', async () => {
    const res = await visitor().get(`/api/videos/${SEEDED.youtubeWithSeo}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(DETAIL_KEYS)
    expect(res.body).toMatchObject({
      videoId: SEEDED.youtubeWithSeo,
      source: 'youtube',
      videoUrl: null,
      comments: 0,
      duration: 'PT1H12M40S',
      category: 'headlines',
      tags: ['town hall', 'public safety', 'community', 'organising', 'live discussion'],
    })
    expect(res.body.keywords).toContain('community town hall')
  })

  it('hands a free self-hosted video its file to everyone', async () => {
    const res = await visitor().get(`/api/videos/${SEEDED.freeManual}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ source: 'manual', isPremium: false, videoUrl: `/media/videos/${SEEDED.freeManual}.mp4` })
  })

  it("keeps a premium video's file from visitors and plain members, and gives it to premium members and admins", async () => {
    const path = `/api/videos/${SEEDED.premiumManual}`
    const asVisitor = await visitor().get(path)
    expect(asVisitor.status).toBe(200)
    expect(asVisitor.body).toMatchObject({ isPremium: true, isUncut: true, source: 'manual', videoUrl: null })
    const member = await registerMember(baseUrl)
    expect((await member.client.get(path)).body.videoUrl).toBeNull()
    const premium = await premiumMember()
    expect((await premium.client.get(path)).body.videoUrl).toBe(`/media/videos/${SEEDED.premiumManual}.mp4`)
    const admin = await signedInAdmin()
    expect((await admin.get(path)).body.videoUrl).toBe(`/media/videos/${SEEDED.premiumManual}.mp4`)
  })

  it("Payload's REST API keeps the premium file from visitors too", async () => {
    const res = await visitor().get(`/cms/api/videos?where[videoId][equals]=${SEEDED.premiumManual}`)
    expect(res.status).toBe(200)
    expect(res.body.docs[0]?.videoUrl).toBeUndefined()
  })

  it.each(['no-such-video', 'bad%20id', 'x'.repeat(65), '%3Cscript%3E'])('answers 404 for %s', async (id) => {
    const res = await visitor().get(`/api/videos/${id}`)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: 'Video not found.' })
  })
})

describe('GET /api/videos/{videoId}/seo', () => {
  it('returns the search fields with key moments', async () => {
    const res = await visitor().get(`/api/videos/${SEEDED.youtubeWithSeo}/seo`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual([
      'callToAction', 'category', 'customDescription', 'emotionalTone', 'keyMoments', 'keywords', 'seoDescription',
      'seoGenerated', 'seoGeneratedAt', 'seoTitle', 'tags', 'targetAudience', 'timestampedSummary', 'videoId',
    ])
    expect(res.body).toMatchObject({ videoId: SEEDED.youtubeWithSeo, seoGenerated: true, seoTitle: expect.stringContaining('Town Hall') })
    expect(res.body.keyMoments).toHaveLength(6)
    expect(res.body.keyMoments[1]).toEqual({ timestamp: '6:15', description: 'Panellists describe what safety means to them' })
  })

  it('is empty but well-formed for a video the SEO bot has not processed', async () => {
    const res = await visitor().get(`/api/videos/${SEEDED.youtubeNoSeo}/seo`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ seoGenerated: false, seoTitle: null, keyMoments: [], keywords: [], customDescription: null })
  })

  it('answers 404 for an unknown video', async () => {
    const res = await visitor().get('/api/videos/no-such-video/seo')
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('Video not found.')
  })
})

describe('/vlog', () => {
  it('sends an old link past the last page to the last page', async () => {
    const res = await visitor().get('/vlog?page=99')
    expect(res.status).toBe(302)
    const { totalPages } = (await visitor().get('/api/videos')).body
    expect(res.headers.get('location')).toBe(`/vlog?page=${totalPages}`)
  })

  it('reads an unusable page as the first', async () => {
    const res = await visitor().get('/vlog?page=abc')
    expect(res.status).toBe(200)
    expect(res.body).toContain('aria-current="page"')
    expect(res.body).toContain(`href="/video/${SEEDED.youtubeWithSeo}"`)
  })
})

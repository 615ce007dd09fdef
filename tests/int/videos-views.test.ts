import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { baseUrl, premiumMember, SEEDED, signedInAdmin } from './videos-helpers'

const db = new pg.Client({ connectionString: inject('databaseUrl') })
beforeAll(() => db.connect())
afterAll(() => db.end())

/**
 * The stored counter. Pages and GET /api/videos read it through the content cache, so there it
 * may lag a counted view by up to PAGE_CACHE_SECONDS (cms/services/cache/README.md).
 */
const viewCountOf = async (videoId: string) =>
  Number((await db.query('select view_count from videos where video_id = $1', [videoId])).rows[0]?.view_count ?? 0)

/** A visitor with a cookie jar of its own for viewer_id (ApiClient keeps only the session cookie). */
class Visitor extends ApiClient {
  viewerCookie: string | null = null
  async track(videoId: string) {
    const res = await this.request('POST', '/api/videos/track-views', { videoId }, this.viewerCookie ? { cookie: this.viewerCookie } : {})
    const set = res.headers.get('set-cookie')
    const match = set?.match(/viewer_id=([^;]+)/)
    if (match) this.viewerCookie = `viewer_id=${match[1]}`
    return res
  }
}

/** Moves a viewer's view rows one hour back, as if the hour had passed. */
const ageViews = (viewerKey: string) => db.query(`update video_views set hour = hour - interval '1 hour' where viewer_key = $1`, [viewerKey])

describe('POST /api/videos/track-views', () => {
  const video = SEEDED.youtubeNoSeo

  it('counts a member once per hour, whatever the reloads, and again in a new hour', async () => {
    const { client, user } = await registerMember(baseUrl)
    const before = await viewCountOf(video)
    const first = await client.post('/api/videos/track-views', { videoId: video })
    expect(first.status).toBe(200)
    // A member's counted view also carries its points (video_watch, once per video per day).
    expect(first.body).toEqual({ counted: true, viewCount: before + 1, award: expect.objectContaining({ pointsAwarded: expect.any(Number) }) })
    expect(first.body.award.pointsAwarded).toBeGreaterThanOrEqual(10)
    const again = await client.post('/api/videos/track-views', { videoId: video })
    expect(again.body).toEqual({ counted: false, viewCount: before + 1 })
    expect(await viewCountOf(video)).toBe(before + 1)

    await ageViews(`user:${user.id}`)
    const nextHour = await client.post('/api/videos/track-views', { videoId: video })
    expect(nextHour.body).toEqual({ counted: true, viewCount: before + 2, award: expect.objectContaining({ pointsAwarded: 0 }) })
  })

  it('counts a visitor by an HttpOnly SameSite=Lax viewer_id cookie it sets', async () => {
    const visitor = new Visitor(baseUrl)
    const before = await viewCountOf(video)
    const first = await visitor.track(video)
    expect(first.body).toEqual({ counted: true, viewCount: before + 1 })
    const cookie = first.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/viewer_id=[0-9a-f-]{36}/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//i)

    const reload = await visitor.track(video)
    expect(reload.body).toEqual({ counted: false, viewCount: before + 1 })
    expect(reload.headers.get('set-cookie')).toBeNull()

    // Another browser is another viewer.
    expect((await new Visitor(baseUrl).track(video)).body).toEqual({ counted: true, viewCount: before + 2 })

    const visitorId = visitor.viewerCookie!.split('=')[1]
    await ageViews(`visitor:${visitorId}`)
    expect((await visitor.track(video)).body).toEqual({ counted: true, viewCount: before + 3 })
  })

  it('replaces a forged viewer_id instead of trusting it', async () => {
    const visitor = new Visitor(baseUrl)
    visitor.viewerCookie = "viewer_id=user:1'--"
    const res = await visitor.track(video)
    expect(res.status).toBe(200)
    expect(res.body.counted).toBe(true)
    expect(res.headers.get('set-cookie')).toMatch(/viewer_id=[0-9a-f-]{36}/)
  })

  it('counts concurrent twins once', async () => {
    const { client } = await registerMember(baseUrl)
    const before = await viewCountOf(SEEDED.youtubeWithSeo)
    const results = await Promise.all(Array.from({ length: 8 }, () => client.post('/api/videos/track-views', { videoId: SEEDED.youtubeWithSeo })))
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200))
    expect(results.filter((r) => r.body.counted)).toHaveLength(1)
    expect(await viewCountOf(SEEDED.youtubeWithSeo)).toBe(before + 1)
  })

  it('does not count a premium video seen through the lock, but does for a premium member', async () => {
    const before = await viewCountOf(SEEDED.premiumManual)
    const locked = await new Visitor(baseUrl).track(SEEDED.premiumManual)
    expect(locked.body).toEqual({ counted: false, viewCount: before })
    const member = await registerMember(baseUrl)
    expect((await member.client.post('/api/videos/track-views', { videoId: SEEDED.premiumManual })).body.counted).toBe(false)
    const premium = await premiumMember()
    expect((await premium.client.post('/api/videos/track-views', { videoId: SEEDED.premiumManual })).body).toMatchObject({ counted: true, viewCount: before + 1 })
  })

  it.each([
    [{}, 400],
    [{ videoId: 42 }, 400],
    [{ videoId: '../etc' }, 400],
    [{ videoId: 'no-such-video' }, 404],
  ])('refuses %j with %i and an error message', async (body, status) => {
    const res = await new Visitor(baseUrl).request('POST', '/api/videos/track-views', body)
    expect(res.status).toBe(status)
    expect(res.body.error).toEqual(expect.any(String))
  })

  it('refuses a body that is not JSON, a cross-site request and a GET', async () => {
    const client = new ApiClient(baseUrl)
    const notJson = await client.request('POST', '/api/videos/track-views', '{videoId:', { 'content-type': 'application/json' })
    expect(notJson.status).toBe(400)
    const crossSite = await client.request('POST', '/api/videos/track-views', { videoId: video }, { origin: 'https://evil.example' })
    expect(crossSite.status).toBe(403)
    const get = await client.get('/api/videos/track-views')
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
  })

  it('rate-limits one address (120 a minute) with 429 and Retry-After', async () => {
    const client = new ApiClient(baseUrl)
    const statuses: number[] = []
    for (let i = 0; i < 120; i++) statuses.push((await client.post('/api/videos/track-views', { videoId: 'no-such-video' })).status)
    expect(statuses.every((s) => s === 404)).toBe(true)
    const limited = await client.post('/api/videos/track-views', { videoId: video })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.body.error).toMatch(/Too many attempts/)
    // Another address is unaffected.
    expect((await new ApiClient(baseUrl).post('/api/videos/track-views', { videoId: video })).status).toBe(200)
  })
})

describe('video-views through REST', () => {
  it('is closed to everyone, admins included', async () => {
    const admin = await signedInAdmin()
    expect((await admin.get('/cms/api/video-views')).status).toBe(403)
    expect((await admin.post('/cms/api/video-views', { video: 1, viewerKey: 'user:1', hour: new Date().toISOString() })).status).toBe(403)
    expect((await new ApiClient(baseUrl).get('/cms/api/video-views')).status).toBe(403)
  })
})

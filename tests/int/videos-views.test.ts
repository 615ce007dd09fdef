import { randomInt, randomUUID } from 'node:crypto'

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

const CHROME = (version = 131) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** A visitor's browser on its own network (random /48): `at(host)` is another address in that network. */
function visitorNetwork() {
  const [a, b] = [0x100 + randomInt(0xf00), 0x1000 + randomInt(0xf000)].map((n) => n.toString(16))
  return (host = '1::1') => `3fff:${a}:${b}:${host}`
}

const track = (ip: string, videoId: string, headers: Record<string, string> = {}) =>
  new ApiClient(baseUrl, ip).request('POST', '/api/videos/track-views', { videoId }, { 'user-agent': CHROME(), ...headers })

/** The viewer key of the newest counted view of a video. */
const newestViewerKey = async (videoId: string) =>
  (await db.query('select viewer_key from video_views where video_id = (select id from videos where video_id = $1) order by id desc limit 1', [videoId])).rows[0]?.viewer_key as string

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

  it('counts a visitor by network and browser once an hour, with no cookie of its own', async () => {
    const network = visitorNetwork()
    const before = await viewCountOf(video)
    const first = await track(network(), video)
    expect(first.body).toEqual({ counted: true, viewCount: before + 1 })
    expect(first.headers.get('set-cookie')).toBeNull()
    const key = await newestViewerKey(video)
    expect(key).toMatch(/^visitor:[0-9a-f]{32}$/)

    // A reload, another address of the same /48, another version of the same browser: the same viewer.
    expect((await track(network(), video)).body).toEqual({ counted: false, viewCount: before + 1 })
    expect((await track(network('77:1:2:3:4'), video, { 'user-agent': CHROME(129) })).body).toEqual({ counted: false, viewCount: before + 1 })
    // Another kind of browser on that network, and another network, are other viewers.
    expect((await track(network(), video, { 'user-agent': FIREFOX })).body).toEqual({ counted: true, viewCount: before + 2 })
    expect((await track(visitorNetwork()(), video)).body).toEqual({ counted: true, viewCount: before + 3 })

    await ageViews(key)
    expect((await track(network(), video)).body).toEqual({ counted: true, viewCount: before + 4 })
  })

  it('50 reports from one client count once, with no cookie, a made-up one or a fresh address each time; two clients count twice', async () => {
    const one = visitorNetwork()
    const other = visitorNetwork()
    const before = await viewCountOf(SEEDED.youtubeWithSeo)
    const answers = []
    for (let i = 0; i < 50; i++) {
      // Each report from another /64 of the network (so no per-address limit is reached), half of them
      // with a viewer_id cookie that was never issued, every one with another Chrome build.
      const cookie: Record<string, string> = i % 2 ? { cookie: `viewer_id=${randomUUID()}` } : {}
      answers.push(await track(one(`${(i + 1).toString(16)}::1`), SEEDED.youtubeWithSeo, { 'user-agent': CHROME(100 + i), ...cookie }))
    }
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200))
    expect(answers.filter((r) => r.body.counted)).toHaveLength(1)
    expect(await viewCountOf(SEEDED.youtubeWithSeo)).toBe(before + 1)
    await track(other(), SEEDED.youtubeWithSeo)
    expect(await viewCountOf(SEEDED.youtubeWithSeo)).toBe(before + 2)
  })

  it("does not count a crawler's or a script's report as a visitor's view", async () => {
    const before = await viewCountOf(video)
    for (const agent of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'node']) {
      const res = await track(visitorNetwork()(), video, { 'user-agent': agent })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ counted: false, viewCount: before })
    }
    expect(await viewCountOf(video)).toBe(before)
  })

  it('expires the viewer_id cookie visitors were once counted by', async () => {
    const res = await track(visitorNetwork()(), video, { cookie: `viewer_id=${randomUUID()}` })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/viewer_id=[^;]*;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/i)
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
    const locked = await track(visitorNetwork()(), SEEDED.premiumManual)
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
    const res = await new ApiClient(baseUrl).request('POST', '/api/videos/track-views', body)
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

// Who a video is for, door by door: a public video is everywhere; an unlisted one plays by its link
// (page, API, media) and is in no list (home, /vlog, /api/videos, feeds, sitemap, Up Next,
// Recommended Videos, For You, /cms/api); a private one and one scheduled ahead are 404 for
// everyone but admins and listed for nobody until they are public and their date comes.
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MOODS } from '../../shared/constants'
import { ApiClient, registerMember } from '../helpers/api-client'
import { asBrowser, createManualVideo, deleteVideo, getFile } from './gate-helpers'
import { generate, itemOf, type Rec } from './recommendations-helpers'
import { sql } from './sql'
import { baseUrl, premiumMember, signedInAdmin } from './videos-helpers'

type Kind = 'public' | 'unlisted' | 'private' | 'scheduled'
type Video = Awaited<ReturnType<typeof createManualVideo>>

let admin: ApiClient
let member: ApiClient
let premium: ApiClient
const videos = {} as Record<Kind, Video>
const createdTags: string[] = []
/** Tags between them suiting every mood (as the For You suite uses them), so these videos would rank high for anyone. */
const EVERY_MOOD = ['uplifting stories', 'joy', 'accountability', 'history', 'explainer']
const DAY = 24 * 60 * 60 * 1000

/** A tag of the video's own (letters only), so no two of these videos are near-duplicates in a For You list. */
const ownTag = () => {
  const name = `visibility ${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`
  createdTags.push(name)
  return name
}

beforeAll(async () => {
  admin = await signedInAdmin()
  member = (await registerMember(baseUrl)).client
  premium = (await premiumMember()).client
  // The newest on the site (a minute ago), the most viewed, and sharing tags: each would top every list if it were listed.
  const base = (minutesAgo: number) => ({ publishedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(), viewCount: 1_000_000 })
  videos.public = await createManualVideo(admin, { ...base(1), tags: [...EVERY_MOOD, ownTag(), ownTag()] })
  videos.unlisted = await createManualVideo(admin, { ...base(2), visibility: 'unlisted', tags: [...EVERY_MOOD, ownTag(), ownTag()] })
  videos.private = await createManualVideo(admin, { ...base(3), visibility: 'private', tags: [...EVERY_MOOD, ownTag(), ownTag()] })
  videos.scheduled = await createManualVideo(admin, { publishedAt: new Date(Date.now() + DAY).toISOString(), viewCount: 1_000_000, tags: [...EVERY_MOOD, ownTag(), ownTag()] })
})

afterAll(async () => {
  for (const video of Object.values(videos)) await deleteVideo(admin, video.id)
  const tags = await sql<{ id: number }>('select id from content_tags where name = any($1::text[])', [createdTags])
  for (const { id } of tags) await admin.request('DELETE', `/cms/api/content-tags/${id}`)
})

const text = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body))

/** The listing doors where `video` shows up for `client`. */
async function listedIn(client: ApiClient, video: Video): Promise<string[]> {
  const found: string[] = []
  for (const path of ['/', '/vlog', '/api/videos?limit=100', '/sitemap.xml', '/videos/rss.xml', '/cms/api/videos?limit=200&depth=0']) {
    const res = await client.get(path)
    expect(res.status, path).toBe(200)
    if (text(res.body).includes(video.videoId)) found.push(path)
  }
  // Up Next and Recommended Videos on the public one's page ("more like this": it shares their tags).
  if (video !== videos.public) {
    const page = await client.get(`/video/${videos.public.videoId}`)
    expect(page.status).toBe(200)
    if (text(page.body).includes(video.videoId)) found.push('video page (Up Next, Recommended Videos)')
  }
  return found
}

/** The doors that open `video` by its link, with their status for `client`. */
async function byLink(client: ApiClient, video: Video): Promise<Record<string, number>> {
  return {
    page: (await client.get(`/video/${video.videoId}`)).status,
    api: (await client.get(`/api/videos/${video.videoId}`)).status,
    seo: (await client.get(`/api/videos/${video.videoId}/seo`)).status,
    media: (await getFile(video.file, asBrowser(client.cookie))).status,
  }
}

const OPEN = { page: 200, api: 200, seo: 200, media: 200 }
const CLOSED = { page: 404, api: 404, seo: 404, media: 404 }

describe('video visibility, door by door', () => {
  const audiences = () => ({ visitor: new ApiClient(baseUrl), member, premium, admin }) as Record<string, ApiClient>

  it.each([
    // kind, listed for everyone?, opens by link for visitor/member/premium, for admin
    ['public', true, OPEN, OPEN],
    ['unlisted', false, OPEN, OPEN],
    ['private', false, CLOSED, OPEN],
    ['scheduled', false, CLOSED, OPEN],
  ] as const)('a %s video: listed %s; by its link %j (admins %j)', async (kind, listed, forOthers, forAdmin) => {
    const video = videos[kind]
    for (const [who, client] of Object.entries(audiences())) {
      expect(await byLink(client, video), `${who} by link`).toEqual(who === 'admin' ? forAdmin : forOthers)
      const doors = await listedIn(client, video)
      // /cms/api lists every video to an admin (the creator's editor); every site list keeps to listed ones, for admins too.
      const expected = listed ? ['/', '/vlog', '/api/videos?limit=100', '/sitemap.xml', '/videos/rss.xml', '/cms/api/videos?limit=200&depth=0'] : who === 'admin' ? ['/cms/api/videos?limit=200&depth=0'] : []
      expect(doors, `${who} lists`).toEqual(listed && video !== videos.public ? [...expected, 'video page (Up Next, Recommended Videos)'] : expected)
    }
  })

  it('an unlisted video is not found by its row id in /cms/api either (only its link opens it)', async () => {
    expect((await new ApiClient(baseUrl).get(`/cms/api/videos/${videos.unlisted.id}`)).status).toBe(404)
    expect((await member.get(`/cms/api/videos/${videos.public.id}`)).status).toBe(200)
  })

  it('the comments of an unlisted video are open to those with its link; a private one has none for anyone but admins', async () => {
    const posted = await member.post(`/api/videos/${videos.unlisted.videoId}/comments`, { authorName: 'Link Holder', authorEmail: '', content: 'Found it by its link.' })
    expect(posted.status, JSON.stringify(posted.body)).toBe(201)
    expect((await member.post(`/api/videos/${videos.private.videoId}/comments`, { authorName: 'Guesser', authorEmail: '', content: 'Guessing.' })).status).toBe(404)
    // Through /cms/api too: the discussion of a video made private goes with it, even for a Premium member.
    const ofVideo = `/cms/api/comments?where[video][equals]=${videos.unlisted.id}&depth=0`
    expect((await premium.get(ofVideo)).body.totalDocs).toBe(1)
    expect((await admin.patch(`/api/admin/videos/${videos.unlisted.videoId}`, { visibility: 'private' })).status).toBe(200)
    try {
      expect((await premium.get(ofVideo)).body.totalDocs).toBe(0)
      expect((await new ApiClient(baseUrl).get(ofVideo)).body.totalDocs).toBe(0)
      expect((await admin.get(ofVideo)).body.totalDocs).toBe(1)
    } finally {
      expect((await admin.patch(`/api/admin/videos/${videos.unlisted.videoId}`, { visibility: 'unlisted' })).status).toBe(200)
    }
  })
})

describe('For You', () => {
  const shownTo = async (client: ApiClient) => {
    const shown: Rec[] = []
    for (const mood of MOODS) shown.push(...(await generate(client, mood, 50)))
    return new Set(shown.map(itemOf))
  }

  it('recommends the public video and never an unlisted, private or scheduled one, even to a Premium member', async () => {
    const items = await shownTo(premium)
    expect(items).toContain(`video:${videos.public.videoId}`)
    for (const kind of ['unlisted', 'private', 'scheduled'] as const) expect(items, kind).not.toContain(`video:${videos[kind].videoId}`)
  })

  it('a video made public joins it; made unlisted again it leaves the lists already made', async () => {
    expect((await admin.patch(`/api/admin/videos/${videos.unlisted.videoId}`, { visibility: 'public' })).status).toBe(200)
    try {
      expect(await shownTo(premium)).toContain(`video:${videos.unlisted.videoId}`)
    } finally {
      expect((await admin.patch(`/api/admin/videos/${videos.unlisted.videoId}`, { visibility: 'unlisted' })).status).toBe(200)
    }
    const current = await premium.get<Rec[]>('/api/recommendations')
    expect(current.status).toBe(200)
    expect(current.body.map(itemOf)).not.toContain(`video:${videos.unlisted.videoId}`)
  })
})

describe('scheduling', () => {
  it('a publish date that has come lists the video in its place by date; one ahead keeps it off the lists and 404', async () => {
    const video = videos.scheduled
    const visitor = new ApiClient(baseUrl)
    expect((await visitor.get(`/video/${video.videoId}`)).status).toBe(404)
    // The date comes (moved to now by the creator): listed at once, below the newer public video.
    const now = new Date().toISOString()
    const moved = await admin.patch(`/api/admin/videos/${video.videoId}`, { publishedAt: now })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body).toMatchObject({ videoId: video.videoId, visibility: 'public', scheduled: false })
    const list = (await visitor.get<{ videos: { videoId: string }[] }>('/api/videos?limit=100')).body.videos.map((v) => v.videoId)
    expect(list).toContain(video.videoId)
    expect(list.indexOf(video.videoId)).toBeLessThan(list.indexOf(videos.public.videoId))
    expect((await visitor.get(`/video/${video.videoId}`)).status).toBe(200)
    // Ahead again: gone from the lists, 404 by its link.
    expect((await admin.patch(`/api/admin/videos/${video.videoId}`, { publishedAt: new Date(Date.now() + DAY).toISOString() })).body.scheduled).toBe(true)
    expect(text((await visitor.get('/api/videos?limit=100')).body)).not.toContain(video.videoId)
    expect((await visitor.get(`/video/${video.videoId}`)).status).toBe(404)
  })
})

describe('a scheduled video goes out by itself', () => {
  it('at its publish date, with nothing written: the cached lists and its page let it in from then on', async () => {
    // Six seconds ahead: time for the reads below to run before it, and less than the page cache's
    // 10 s, so only the cache's own end at that moment (not its age) lets the video in.
    const at = Date.now() + 6_000
    const video = await createManualVideo(admin, { publishedAt: new Date(at).toISOString() })
    try {
      const visitor = new ApiClient(baseUrl)
      // Read (and so cached) before its time: not there.
      expect(text((await visitor.get('/vlog')).body)).not.toContain(video.videoId)
      expect(text((await visitor.get('/api/videos?limit=100')).body)).not.toContain(video.videoId)
      expect((await visitor.get(`/video/${video.videoId}`)).status).toBe(404)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 500))
      expect(text((await visitor.get('/vlog')).body)).toContain(video.videoId)
      expect(text((await visitor.get('/api/videos?limit=100')).body)).toContain(video.videoId)
      expect(text((await visitor.get('/videos/rss.xml')).body)).toContain(video.videoId)
      expect((await visitor.get(`/video/${video.videoId}`)).status).toBe(200)
      expect((await getFile(video.file)).status).toBe(200)
    } finally {
      await deleteVideo(admin, video.id)
    }
  })
})

describe('/api/admin/videos', () => {
  it('lists every video with its status, visibility and publish date, to admins only', async () => {
    const res = await admin.get<{ videos: { videoId: string; status: string; visibility: string; scheduled: boolean }[]; totalDocs: number }>('/api/admin/videos')
    expect(res.status).toBe(200)
    const rows = new Map(res.body.videos.map((row) => [row.videoId, row]))
    expect(rows.get(videos.private.videoId)).toMatchObject({ status: 'ready', visibility: 'private', scheduled: false })
    expect(rows.get(videos.scheduled.videoId)).toMatchObject({ visibility: 'public', scheduled: true })
    expect((await member.get('/api/admin/videos')).status).toBe(403)
    expect((await new ApiClient(baseUrl).get('/api/admin/videos')).status).toBe(401)
    expect((await member.patch(`/api/admin/videos/${videos.public.videoId}`, { visibility: 'private' })).status).toBe(403)
  })

  it('refuses what it cannot store with 400 and an unknown video with 404', async () => {
    const bad = await admin.patch(`/api/admin/videos/${videos.public.videoId}`, { visibility: 'secret' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Choose Public, Unlisted or Private.')
    expect((await admin.patch(`/api/admin/videos/${videos.public.videoId}`, { publishedAt: 'tomorrow' })).status).toBe(400)
    expect((await admin.patch(`/api/admin/videos/${videos.public.videoId}`, {})).status).toBe(400)
    expect((await admin.patch('/api/admin/videos/no_such_video', { visibility: 'public' })).status).toBe(404)
  })
})

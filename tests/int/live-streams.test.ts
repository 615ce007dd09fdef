// Live streams (spec §3, §4, §7 Live and Admin live-streams, §8 Streams): the admin API, the only
// status moves (scheduled → live → ended), who may call what, bad input, and the stream key that
// only admins ever read, through every door.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { STREAM_TITLE_REQUIRED } from '../../shared/messages'
import { ApiClient, registerMember } from '../helpers/api-client'
import { baseUrl, premiumMember, signedInAdmin } from './premium-helpers'

const visitor = () => new ApiClient(baseUrl)
const tag = () => randomBytes(4).toString('hex')

let admin: ApiClient
let member: ApiClient
let premium: ApiClient

beforeAll(async () => {
  admin = await signedInAdmin()
  member = (await registerMember(baseUrl)).client
  premium = (await premiumMember()).client
})

async function createStream(body: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/live-streams', { title: `Town hall ${tag()}`, ...body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('creating streams', () => {
  it('takes the spec defaults: obs, premium only, 1080p, 2500 kbps, 30 fps, x264, scheduled, a secret key and the RTMP server', async () => {
    const stream = await createStream({ description: 'Live from the courthouse steps.', scheduledAt: '2030-01-02T18:00:00Z' })
    expect(stream).toMatchObject({
      status: 'scheduled',
      platform: 'obs',
      isPremium: true,
      scheduledAt: '2030-01-02T18:00:00.000Z',
      obsSettings: { resolution: '1920x1080', bitrate: 2500, frameRate: 30, encoder: 'x264' },
      keepReplay: true,
      viewerCount: 0,
      maxViewers: 0,
      actualStart: null,
      actualEnd: null,
    })
    expect(stream.streamKey).toMatch(/^live_[A-Za-z0-9_-]{32}$/)
    expect(stream.rtmpUrl).toMatch(/^rtmp:\/\/[^/]+:\d+\/live$/)
    expect(stream.streamUrl).toBe(`/live-hls/${stream.id}/index.m3u8`)
  })

  it('gives every stream its own key, and a regenerated key replaces the old one', async () => {
    const a = await createStream()
    const b = await createStream()
    expect(a.streamKey).not.toBe(b.streamKey)
    const regenerated = await admin.patch(`/api/admin/live-streams/${a.id}`, { regenerateKey: true })
    expect(regenerated.status).toBe(200)
    expect(regenerated.body.streamKey).toMatch(/^live_/)
    expect(regenerated.body.streamKey).not.toBe(a.streamKey)
  })

  it('refuses bad input with a clear 400', async () => {
    for (const [body, message] of [
      [{}, STREAM_TITLE_REQUIRED],
      [{ title: '   ' }, STREAM_TITLE_REQUIRED],
      [{ title: 'x'.repeat(201) }, 'Stream title must be at most 200 characters.'],
      [{ title: 'Ok', platform: 'twitch' }, 'Platform must be one of obs, streamyard, youtube.'],
      [{ title: 'Ok', obsSettings: { frameRate: 25 } }, 'Frame rate must be one of 60, 30, 24.'],
      [{ title: 'Ok', obsSettings: { bitrate: 10 } }, 'Bitrate must be at least 500 kbps.'],
      [{ title: 'Ok', obsSettings: { resolution: '4k' } }, 'Resolution must be one of 1920x1080, 1280x720, 854x480.'],
      [{ title: 'Ok', platform: 'youtube' }, 'YouTube and StreamYard streams need the embed address (Stream URL).'],
      [{ title: 'Ok', platform: 'youtube', streamUrl: 'javascript:alert(1)' }, 'Stream URL must be an https:// address.'],
      [{ title: 'Ok', scheduledAt: 'next tuesday' }, undefined],
    ] as const) {
      const res = await admin.post('/api/admin/live-streams', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      if (message) expect(res.body.error).toBe(message)
      else expect(typeof res.body.error).toBe('string')
    }
    expect((await admin.request('POST', '/api/admin/live-streams', '{not json')).status).toBe(400)
  })

  it('keeps the embed address of youtube and streamyard streams', async () => {
    const stream = await createStream({ platform: 'youtube', streamUrl: 'https://www.youtube.com/embed/abc123', isPremium: false })
    expect(stream).toMatchObject({ platform: 'youtube', streamUrl: 'https://www.youtube.com/embed/abc123', isPremium: false, streamKey: null, rtmpUrl: null })
  })
})

describe('status moves: scheduled → live → ended, nothing else', () => {
  it('goes live only when scheduled and ends only when live, stamping actualStart and actualEnd', async () => {
    const stream = await createStream()
    const path = `/api/admin/live-streams/${stream.id}`
    const early = await admin.patch(path, { status: 'ended' })
    expect(early.status).toBe(409)
    expect(early.body.error).toBe('Only a live stream can be ended.')

    const live = await admin.patch(path, { status: 'live' })
    expect(live.status).toBe(200)
    expect(live.body.status).toBe('live')
    expect(Date.parse(live.body.actualStart)).toBeGreaterThan(Date.now() - 60_000)
    expect(live.body.actualEnd).toBeNull()

    const again = await admin.patch(path, { status: 'live' })
    expect(again.status).toBe(200)
    expect(again.body.actualStart).toBe(live.body.actualStart)
    const back = await admin.patch(path, { status: 'scheduled' })
    expect(back.status).toBe(409)
    const deleteLive = await admin.request('DELETE', path)
    expect(deleteLive.status).toBe(409)
    expect(deleteLive.body.error).toBe('End the stream before deleting it.')

    const ended = await admin.patch(path, { status: 'ended' })
    expect(ended.status).toBe(200)
    expect(ended.body.status).toBe('ended')
    expect(Date.parse(ended.body.actualEnd)).toBeGreaterThanOrEqual(Date.parse(ended.body.actualStart))

    for (const status of ['live', 'scheduled']) {
      const res = await admin.patch(path, { status })
      expect(res.status).toBe(409)
      expect(res.body.error).toBe('This stream has ended; it cannot change status again.')
    }
    expect((await admin.patch(path, { status: 'paused' })).status).toBe(400)
  })

  it('five Go Lives at the same moment make one move: one actualStart, answered to all five', async () => {
    const stream = await createStream()
    const path = `/api/admin/live-streams/${stream.id}`
    const answers = await Promise.all(Array.from({ length: 5 }, () => admin.patch(path, { status: 'live' })))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    const stamps = new Set(answers.map((a) => a.body.actualStart as string))
    expect(stamps.size).toBe(1)
    expect((await admin.get(path)).body.actualStart).toBe([...stamps][0])
    expect((await admin.patch(path, { status: 'ended' })).status).toBe(200)
  })

  it('holds through /cms/api as well: no door moves an ended stream', async () => {
    const stream = await createStream()
    await admin.patch(`/api/admin/live-streams/${stream.id}`, { status: 'live' })
    await admin.patch(`/api/admin/live-streams/${stream.id}`, { status: 'ended' })
    const res = await admin.request('PATCH', `/cms/api/live-streams/${stream.id}`, { status: 'live' })
    expect(res.status).toBe(409)
    const created = await admin.request('POST', '/cms/api/live-streams', { title: 'Straight to live', status: 'live' })
    expect(created.status).toBe(409)
  })

  it('deletes a stream with its chat and viewers', async () => {
    const stream = await createStream()
    const res = await admin.request('DELETE', `/api/admin/live-streams/${stream.id}`)
    expect(res.status).toBe(200)
    expect((await admin.request('DELETE', `/api/admin/live-streams/${stream.id}`)).status).toBe(404)
    expect((await admin.patch(`/api/admin/live-streams/${stream.id}`, { status: 'live' })).status).toBe(404)
  })
})

describe('who may call what', () => {
  it('admin routes: visitor 401, member 403, premium member 403', async () => {
    const stream = await createStream()
    for (const [client, status] of [
      [visitor(), 401],
      [member, 403],
      [premium, 403],
    ] as const) {
      expect((await client.get('/api/admin/live-streams')).status).toBe(status)
      expect((await client.post('/api/admin/live-streams', { title: 'Mine now' })).status).toBe(status)
      expect((await client.patch(`/api/admin/live-streams/${stream.id}`, { status: 'live' })).status).toBe(status)
      expect((await client.request('DELETE', `/api/admin/live-streams/${stream.id}`)).status).toBe(status)
    }
    expect((await admin.get('/api/admin/live-streams')).body.find((s: { id: number }) => s.id === stream.id).status).toBe('scheduled')
  })

  it('GET /api/live-streams needs a signed-in member; upcoming is open and soonest first', async () => {
    expect((await visitor().get('/api/live-streams')).status).toBe(401)
    const later = await createStream({ scheduledAt: '2031-05-01T12:00:00Z' })
    const sooner = await createStream({ scheduledAt: '2031-04-01T12:00:00Z' })
    const list = await member.get('/api/live-streams')
    expect(list.status).toBe(200)
    expect(list.body.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([later.id, sooner.id]))
    const upcoming = await visitor().get('/api/live-streams/upcoming')
    expect(upcoming.status).toBe(200)
    const ids = upcoming.body.map((s: { id: number }) => s.id)
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id))
    expect(upcoming.body.every((s: { status: string }) => s.status === 'scheduled')).toBe(true)
  })

  it('hides a premium stream’s address from members the gate keeps out, and shows it to premium members', async () => {
    const stream = await createStream({ platform: 'youtube', streamUrl: 'https://www.youtube.com/embed/premium1' })
    await admin.patch(`/api/admin/live-streams/${stream.id}`, { status: 'live' })
    const asMember = (await member.get('/api/live-streams')).body.find((s: { id: number }) => s.id === stream.id)
    expect(asMember).toMatchObject({ status: 'live', isPremium: true, canWatch: false, streamUrl: null })
    const asPremium = (await premium.get('/api/live-streams')).body.find((s: { id: number }) => s.id === stream.id)
    expect(asPremium).toMatchObject({ canWatch: true, streamUrl: 'https://www.youtube.com/embed/premium1' })
    await admin.patch(`/api/admin/live-streams/${stream.id}`, { status: 'ended' })
  })
})

describe('the stream key: admins only, through every door', () => {
  let stream: { id: number; streamKey: string }
  beforeAll(async () => {
    stream = await createStream({ isPremium: false })
  })

  it('never appears in what members and visitors get from the site API', async () => {
    for (const client of [member, premium, visitor()]) {
      for (const path of ['/api/live-streams', '/api/live-streams/upcoming']) {
        const res = await client.get(path)
        expect(JSON.stringify(res.body)).not.toContain(stream.streamKey)
        expect(JSON.stringify(res.body)).not.toContain('streamKey')
        expect(JSON.stringify(res.body)).not.toContain('rtmpUrl')
      }
    }
  })

  it('never appears through /cms/api, with select, where or sort tricks', async () => {
    const prefix = stream.streamKey.slice(0, 8)
    for (const client of [member, premium, visitor()]) {
      for (const path of [
        '/cms/api/live-streams',
        `/cms/api/live-streams/${stream.id}`,
        `/cms/api/live-streams/${stream.id}?select[streamKey]=true`,
        '/cms/api/live-streams?select[streamKey]=true&select[rtmpUrl]=true',
        `/cms/api/live-streams?depth=2&limit=100`,
      ]) {
        const res = await client.get(path)
        expect(res.status, path).toBeLessThan(500)
        expect(JSON.stringify(res.body), path).not.toContain(stream.streamKey)
        expect(JSON.stringify(res.body), path).not.toContain('"streamKey"')
      }
      // Guessing the key by filtering or sorting on it learns nothing: refused or the same answer.
      const byWhere = await client.get(`/cms/api/live-streams?where[streamKey][like]=${prefix}`)
      const byWrong = await client.get('/cms/api/live-streams?where[streamKey][like]=zzzz_nothing')
      expect(byWhere.status).toBeLessThan(500)
      if (byWhere.status === 200) expect(byWhere.body.totalDocs).toBe(byWrong.body.totalDocs)
      const sorted = await client.get('/cms/api/live-streams?sort=streamKey&limit=100')
      expect(sorted.status).toBeLessThan(500)
    }
  })

  it('is writable by nobody but admins', async () => {
    const res = await member.request('PATCH', `/cms/api/live-streams/${stream.id}`, { streamKey: 'live_mine' })
    expect(res.status).toBeGreaterThanOrEqual(400)
    const admins = (await admin.get('/api/admin/live-streams')).body.find((s: { id: number }) => s.id === stream.id)
    expect(admins.streamKey).toBe(stream.streamKey)
  })
})

// Live streams from OBS end to end: RTMP publish with the stream key, the gated low-latency HLS,
// viewer counts, the grace period and the replay video (cms/services/live/README.md).
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PREMIUM_REQUIRED_DESCRIPTION } from '../../shared/messages'
import { registerMember, type ApiClient } from '../helpers/api-client'
import { startRtmpPublisher, type RtmpPublisher } from '../helpers/rtmp-publisher'
import { createObsStream, fetchLive, playlistPath, probeSegment, rtmpPort, segmentsOf, streamRow, waitFor, type CreatedStream, removeReplayVideos } from './live-helpers'
import { openEvents } from './live-chat-helpers'
import { premiumMember, signedInAdmin } from './premium-helpers'
import { logEntriesSince, logOffset } from './server-log'
import { sql } from './sql'

let admin: ApiClient
let premium: Awaited<ReturnType<typeof premiumMember>>
let member: Awaited<ReturnType<typeof registerMember>>
const publishers: RtmpPublisher[] = []
const publish = (key: string, options = {}) => {
  const publisher = startRtmpPublisher(rtmpPort, key, options)
  publishers.push(publisher)
  return publisher
}

beforeAll(async () => {
  admin = await signedInAdmin()
  premium = await premiumMember()
  member = await registerMember(premium.client.baseUrl)
})

afterAll(async () => {
  await Promise.all(publishers.map((p) => p.kill()))
  await removeReplayVideos(admin)
}, 150_000)

describe('RTMP ingest', () => {
  it('refuses a wrong key: the publisher is cut off, the stream stays scheduled, the attempt is logged without the key', async () => {
    const stream = await createObsStream(admin)
    const offset = logOffset()
    const wrongKey = `live_${randomBytes(24).toString('base64url')}`
    const publisher = publish(wrongKey, { seconds: 20 })
    const code = await Promise.race([publisher.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000))])
    expect(code).not.toBe('still running')
    expect(code).not.toBe(0)
    expect((await streamRow(stream.id)).status).toBe('scheduled')
    const entries = await logEntriesSince(offset)
    const refused = entries.filter((e) => e.msg === 'live publish refused')
    expect(refused.length).toBeGreaterThan(0)
    expect(refused[0].ip).toBeTruthy()
    expect(entries.map((e) => JSON.stringify(e)).join('\n')).not.toContain(wrongKey)
  })

  it('refuses the publish of an ended stream, and of another app', async () => {
    const stream = await createObsStream(admin)
    await sql("update live_streams set status = 'ended' where id = $1", [stream.id])
    const ended = publish(stream.streamKey, { seconds: 20 })
    const other = startRtmpPublisher(rtmpPort, (await createObsStream(admin)).streamKey, { seconds: 20, app: 'other' })
    publishers.push(other)
    expect(await ended.exited).not.toBe(0)
    expect(await other.exited).not.toBe(0)
  })
})

describe('a publish from OBS', () => {
  let stream: CreatedStream
  let first: RtmpPublisher
  let firstStart: Date

  beforeAll(async () => {
    stream = await createObsStream(admin, { isPremium: true, description: 'Behind the scenes' })
  })

  it('marks the stream live and produces a playlist with playable segments', async () => {
    first = publish(stream.streamKey)
    const row = await waitFor('the stream to go live', async () => {
      const r = await streamRow(stream.id)
      return r.status === 'live' && r.publishing ? r : undefined
    })
    firstStart = row.actual_start!
    expect(firstStart).toBeTruthy()
    const playlist = await waitFor('three segments', async () => {
      const res = await fetchLive(playlistPath(stream.id), premium.client.cookie)
      return res.status === 200 && segmentsOf(res.body.toString()).length >= 3 ? res : undefined
    })
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
    expect(playlist.headers.get('cache-control')).toBe('private, no-cache')
    const text = playlist.body.toString()
    expect(text).toContain('#EXT-X-TARGETDURATION:1')
    expect(text).not.toContain('#EXT-X-ENDLIST')
    const segment = await fetchLive(`/live-hls/${stream.id}/${segmentsOf(text).at(-1)}`, premium.client.cookie)
    expect(segment.status).toBe(200)
    expect(segment.headers.get('content-type')).toBe('video/mp2t')
    expect(segment.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    const streams = await probeSegment(segment.body)
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264'])
  })

  it('gates the playlist and every segment: visitor 401, non-premium member 403 with the message, strict names', async () => {
    const listed = segmentsOf((await fetchLive(playlistPath(stream.id), premium.client.cookie)).body.toString())
    for (const pathname of [playlistPath(stream.id), `/live-hls/${stream.id}/${listed[0]}`]) {
      expect((await fetchLive(pathname, null)).status).toBe(401)
      const refused = await fetchLive(pathname, member.client.cookie)
      expect(refused.status).toBe(403)
      expect(JSON.parse(refused.body.toString())).toEqual({ error: PREMIUM_REQUIRED_DESCRIPTION })
    }
    for (const odd of [`/live-hls/${stream.id}/recording/part-001.ts`, `/live-hls/${stream.id}/..%2f..%2fsecret`, `/live-hls/${stream.id}/index.m3u8.tmp`, '/live-hls/999999/index.m3u8']) {
      expect([400, 404]).toContain((await fetchLive(odd, premium.client.cookie)).status)
    }
  })

  it('counts a member whose player fetches the playlist', async () => {
    await fetchLive(playlistPath(stream.id), premium.client.cookie)
    const row = await waitFor('the viewer count', async () => {
      const r = await streamRow(stream.id)
      return Number(r.viewer_count) >= 1 ? r : undefined
    }, 20_000)
    expect(Number(row.max_viewers)).toBeGreaterThanOrEqual(1)
    const listed = await premium.client.get('/api/live-streams')
    expect(listed.body.find((s: { id: number }) => s.id === stream.id).viewerCount).toBeGreaterThanOrEqual(1)
  })

  it('tells open players when another viewer starts watching', async () => {
    const events = await openEvents(premium.client.baseUrl, stream.id, premium.client.cookie)
    try {
      const before = Number((await streamRow(stream.id)).viewer_count)
      const other = await premiumMember()
      await fetchLive(playlistPath(stream.id), other.client.cookie)
      const event = await events.next((e) => e.type === 'viewers' && e.viewerCount > before, 20_000)
      expect(event).toMatchObject({ type: 'viewers', viewerCount: before + 1 })
    } finally {
      events.close()
    }
  })

  it('refuses a second publisher with the same key while one is connected', async () => {
    const second = publish(stream.streamKey, { seconds: 30 })
    expect(await second.exited).not.toBe(0)
    expect((await streamRow(stream.id)).publishing).toBe(true)
  })

  it('continues the same live stream and playlist when OBS reconnects within the grace period', async () => {
    const before = (await fetchLive(playlistPath(stream.id), premium.client.cookie)).body.toString()
    const lastBefore = Number(/seg-(\d+)\.ts\s*$/.exec(before.trim())![1])
    await first.stop()
    const again = publish(stream.streamKey)
    const playlist = await waitFor('segments after the reconnect', async () => {
      const text = (await fetchLive(playlistPath(stream.id), premium.client.cookie)).body.toString()
      return text.includes('#EXT-X-DISCONTINUITY') && segmentsOf(text).some((name) => Number(/\d+/.exec(name)![0]) > lastBefore + 1) ? text : undefined
    })
    expect(playlist).not.toContain('#EXT-X-ENDLIST')
    const row = await streamRow(stream.id)
    expect(row.status).toBe('live')
    expect(row.publishing).toBe(true)
    expect(row.actual_start!.getTime()).toBe(firstStart.getTime())
    first = again
  })

  it('ends the stream after the grace period once OBS stops, and keeps the recording as a premium uncut video', async () => {
    await first.stop()
    const stopped = Date.now()
    const ended = await waitFor('the end after the grace', async () => {
      const r = await streamRow(stream.id)
      return r.status === 'ended' ? r : undefined
    }, 20_000)
    // LIVE_END_GRACE_SECONDS is 3 in the suite.
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(2_500)
    expect(ended.publishing).toBe(false)
    expect(ended.actual_end).toBeTruthy()

    const replay = await waitFor('the replay', async () => {
      const r = await streamRow(stream.id)
      return r.replay_status === 'ready' || r.replay_status === 'failed' ? r : undefined
    }, 120_000, 1000)
    expect(replay.replay_status).toBe('ready')
    const [video] = await sql<{ video_id: string; title: string; description: string | null; is_premium: boolean; is_uncut: boolean; source: string; transcode_status: string; hls_url: string | null; duration: string | null }>(
      'select video_id, title, description, is_premium, is_uncut, source, transcode_status, hls_url, duration from videos where id = $1',
      [replay.replay_video_id],
    )
    expect(video).toMatchObject({ title: stream.title, description: 'Behind the scenes', is_premium: true, is_uncut: true, source: 'manual', transcode_status: 'ready' })
    expect(video!.video_id).toMatch(/^manual_/)
    expect(video!.hls_url).toBeTruthy()
    const listed = await premium.client.get('/api/live-streams')
    expect(listed.body.find((s: { id: number }) => s.id === stream.id).replayUrl).toBe(`/video/${video!.video_id}`)
  })
})

describe('the replay when a stream ends by the admin', () => {
  it('is off when keepReplay is false, and none when nothing was recorded', async () => {
    const off = await createObsStream(admin, { keepReplay: false })
    const empty = await createObsStream(admin)
    for (const stream of [off, empty]) {
      expect((await admin.patch(`/api/admin/live-streams/${stream.id}`, { status: 'live' })).status).toBe(200)
      expect((await admin.patch(`/api/admin/live-streams/${stream.id}`, { status: 'ended' })).status).toBe(200)
    }
    await waitFor('replay statuses', async () => {
      const [a, b] = [await streamRow(off.id), await streamRow(empty.id)]
      return a.replay_status === 'off' && b.replay_status === 'none' ? true : undefined
    }, 20_000)
  })
})

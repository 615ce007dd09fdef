// What the creator does with an upload after sending it: follows its transcode (percent,
// renditions, time left) in the uploads list, with transcodes queued TRANSCODE_CONCURRENCY (1 here)
// at a time; picks a thumbnail from the stills the transcode saved or uploads one; replaces the file
// of the same video (page, comments and views kept) while the old stream stays served.
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { asBrowser, createManualVideo, getFile } from './gate-helpers'
import { sql } from './sql'
import { signedInAdmin } from './videos-helpers'
import { baseUrl, fields, makeTestMp4, mediaDir, mp4Part, postMultipart, uploadTestVideo, videoRow, waitForTranscode } from './video-upload-helpers'

let admin: ApiClient
const created: number[] = []

beforeAll(async () => {
  admin = await signedInAdmin()
  makeTestMp4()
  makeTestMp4(6)
})
afterAll(async () => {
  for (const id of created) await admin.request('DELETE', `/cms/api/videos/${id}`)
})

type Row = {
  videoId: string
  transcodeStatus: string
  progress: { percent: number; renditionsDone: number; renditionsTotal: number; secondsLeft: number | null; replacing: boolean } | null
  queuePosition: number | null
  thumbnailUrl: string | null
  frames: { url: string; at: number }[]
}
const uploadsList = async (): Promise<Row[]> => {
  const res = await admin.get('/api/videos/uploads')
  expect(res.status).toBe(200)
  return res.body as Row[]
}
const progressColumn = async (videoId: string) =>
  (await sql<{ p: { percent: number; renditionsDone: number; renditionsTotal: number; startedAt: string; finishedAt: string } }>('select transcode_progress as p from videos where video_id = $1', [videoId]))[0]!.p

describe('transcode progress and the concurrency limit', () => {
  it('queues two uploads one after the other (concurrency 1) and shows each one’s percent and renditions while it runs', async () => {
    const upload = async () => {
      const res = await postMultipart([...fields(), mp4Part(makeTestMp4(6))], { cookie: admin.cookie })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      created.push(res.body.id)
      return res.body.videoId as string
    }
    const [first, second] = [await upload(), await upload()]
    const seen: Row[] = []
    let bothProcessing = false
    for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
      const rows = (await uploadsList()).filter((r) => r.videoId === first || r.videoId === second)
      seen.push(...rows)
      if (rows.filter((r) => r.transcodeStatus === 'processing').length > 1) bothProcessing = true
      if (rows.length === 2 && rows.every((r) => r.transcodeStatus === 'ready' || r.transcodeStatus === 'failed')) break
      await new Promise((r) => setTimeout(r, 150))
    }
    expect(bothProcessing).toBe(false)
    for (const videoId of [first, second]) expect((await videoRow(videoId))?.transcode_status).toBe('ready')
    // Seen running with its progress: renditions of the 640×360 ladder (240p, 360p) and a percent.
    // (Before the probe has read the file, the ladder is not known yet: 0 renditions of 0.)
    const running = seen.filter((r) => r.transcodeStatus === 'processing' && r.progress && r.progress.renditionsTotal > 0)
    expect(running.length).toBeGreaterThan(0)
    for (const r of running) {
      expect(r.progress!.renditionsTotal).toBe(2)
      expect(r.progress!.percent).toBeGreaterThanOrEqual(0)
      expect(r.progress!.percent).toBeLessThanOrEqual(100)
    }
    // One waited while the other ran, shown with its place in line.
    expect(seen.some((r) => r.transcodeStatus === 'queued' && r.queuePosition === 1)).toBe(true)
    expect(seen.filter((r) => r.transcodeStatus !== 'queued').every((r) => r.queuePosition === null)).toBe(true)
    // Done: 100%, both renditions, and the two transcodes' times did not overlap.
    const [a, b] = [await progressColumn(first), await progressColumn(second)]
    for (const p of [a, b]) expect(p).toMatchObject({ percent: 100, renditionsDone: 2, renditionsTotal: 2 })
    const [early, late] = [a, b].sort((x, y) => x.startedAt.localeCompare(y.startedAt))
    expect(new Date(early!.finishedAt).getTime()).toBeLessThanOrEqual(new Date(late!.startedAt).getTime())
    // Finished uploads show no progress bar.
    expect((await uploadsList()).find((r) => r.videoId === first)?.progress).toBeNull()
  }, 180_000)

  it('waits while another server holds the only transcode slot, and runs once it is free', async () => {
    // Another app server is transcoding: it holds slot 0 of TRANSCODE_CONCURRENCY=1.
    const other = new pg.Client({ connectionString: inject('databaseUrl') })
    await other.connect()
    let videoId: string
    try {
      await other.query('select pg_advisory_lock($1, $2)', [0x7473, 0])
      const video = await uploadTestVideo(admin)
      created.push(video.id)
      videoId = video.videoId
      // Its job is claimed, finds no free slot and goes back in the queue: the video waits, untouched.
      await new Promise((r) => setTimeout(r, 4000))
      expect((await videoRow(videoId))?.transcode_status).toBe('queued')
      const waiting = await sql('select id from payload_jobs where task_slug = $1 and input->>$2 = $3 and completed_at is null', ['videoTranscode', 'videoId', videoId])
      expect(waiting.length).toBeGreaterThan(0)
    } finally {
      await other.end()
    }
    // The slot free (that server's transcode ended): the queue's next tick runs it.
    expect((await waitForTranscode(videoId!, 60_000)).transcode_status).toBe('ready')
  }, 90_000)
})

describe('the thumbnail', () => {
  it('can be one of the stills the transcode saved, or an uploaded image; admins only', async () => {
    const video = await uploadTestVideo(admin)
    created.push(video.id)
    await waitForTranscode(video.videoId)
    const row = (await uploadsList()).find((r) => r.videoId === video.videoId)!
    // Four stills spread over the 2-second video, behind the video's own gate.
    const times = row.frames.map((f) => f.at)
    expect(times).toHaveLength(4)
    expect(times).toEqual([...times].sort((x, y) => x - y))
    expect(times[0]).toBeGreaterThan(0.1)
    expect(times[3]).toBeLessThan(2)
    expect(times[3]! - times[0]!).toBeGreaterThan(1)
    for (const frame of row.frames) {
      expect(frame.url).toMatch(new RegExp(`^/media/videos/${video.videoId}/frames/frame-\\d\\.jpg$`))
      const served = await getFile(frame.url, asBrowser(admin.cookie))
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/jpeg')
    }
    const poster = path.join(mediaDir, 'video-posters', `${video.videoId}.jpg`)
    const before = fs.readFileSync(poster)

    const byFrame = await postMultipart([{ name: 'frame', value: '3' }], { cookie: admin.cookie, path: `/api/videos/${video.videoId}/thumbnail` })
    expect(byFrame.status, JSON.stringify(byFrame.body)).toBe(200)
    expect(byFrame.body.thumbnailUrl).toMatch(new RegExp(`^/media/video-posters/${video.videoId}\\.jpg\\?v=[a-z0-9]+$`))
    expect(fs.readFileSync(poster).equals(before)).toBe(false)
    expect((await videoRow(video.videoId))?.thumbnail_url).toBe(byFrame.body.thumbnailUrl)

    const red = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#d01010' } }).png().toBuffer()
    const byImage = await postMultipart([{ name: 'thumbnail', filename: 'red.png', type: 'image/png', bytes: red }], { cookie: admin.cookie, path: `/api/videos/${video.videoId}/thumbnail` })
    expect(byImage.status, JSON.stringify(byImage.body)).toBe(200)
    // A new URL each time: public posters are cached for a month.
    expect(byImage.body.thumbnailUrl).not.toBe(byFrame.body.thumbnailUrl)
    const { dominant } = await sharp(poster).stats()
    expect(dominant.r).toBeGreaterThan(150)
    expect(dominant.g).toBeLessThan(80)

    const notImage = await postMultipart([{ name: 'thumbnail', filename: 'x.png', type: 'image/png', bytes: Buffer.from('not an image') }], { cookie: admin.cookie, path: `/api/videos/${video.videoId}/thumbnail` })
    expect(notImage.status).toBe(400)
    const noFrame = await postMultipart([{ name: 'frame', value: '9' }], { cookie: admin.cookie, path: `/api/videos/${video.videoId}/thumbnail` })
    expect(noFrame.status).toBe(400)
    const { client: member } = await registerMember(baseUrl)
    expect((await postMultipart([{ name: 'frame', value: '1' }], { cookie: member.cookie, path: `/api/videos/${video.videoId}/thumbnail` })).status).toBe(403)
    expect((await postMultipart([{ name: 'frame', value: '1' }], { path: `/api/videos/${video.videoId}/thumbnail` })).status).toBe(401)
    expect((await postMultipart([{ name: 'frame', value: '1' }], { cookie: admin.cookie, path: '/api/videos/manual_nosuchvideo/thumbnail' })).status).toBe(404)
  }, 120_000)
})

describe('replacing the file', () => {
  it('keeps the video (id, page, comments, views) and its old stream until the new file is transcoded', async () => {
    const video = await uploadTestVideo(admin)
    created.push(video.id)
    const first = await waitForTranscode(video.videoId)
    expect(first.duration).toBe('PT2S')
    const { client: member } = await registerMember(baseUrl)
    const comment = await member.post(`/api/videos/${encodeURIComponent(video.videoId)}/comments`, { content: 'Before the new cut' })
    expect(comment.status, JSON.stringify(comment.body)).toBe(201)
    await sql('update videos set view_count = 7 where video_id = $1', [video.videoId])

    expect((await postMultipart([mp4Part(makeTestMp4(6))], { cookie: member.cookie, path: `/api/videos/${video.videoId}/file` })).status).toBe(403)
    const res = await postMultipart([mp4Part(makeTestMp4(6))], { cookie: admin.cookie, path: `/api/videos/${video.videoId}/file` })
    expect(res.status, JSON.stringify(res.body)).toBe(202)
    expect(res.body).toMatchObject({ videoId: video.videoId, replacing: true })

    // Until the new stream is ready, the old one stays: still ready, same URL, still served.
    const during = await videoRow(video.videoId)
    expect(during?.transcode_status).toBe('ready')
    expect(during?.hls_url).toBe(first.hls_url)
    expect((await getFile(first.hls_url!)).status).toBe(200)

    let row = during!
    for (const deadline = Date.now() + 120_000; row.hls_url === first.hls_url && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 300))
      row = (await videoRow(video.videoId))!
    }
    expect(row.hls_url).toMatch(new RegExp(`^/media/videos/${video.videoId}/hls-[a-z0-9]+/master\\.m3u8$`))
    expect(row).toMatchObject({ id: video.id, transcode_status: 'ready', duration: 'PT6S' })
    expect(row.video_url).toMatch(new RegExp(`^/media/videos/${video.videoId}/original-[a-z0-9]+\\.mp4$`))
    expect((await getFile(row.hls_url!)).status).toBe(200)
    expect((await getFile(row.video_url!)).status).toBe(200)
    // The old stream and file are gone once the new one plays.
    expect((await getFile(first.hls_url!)).status).toBe(404)
    expect(fs.existsSync(path.join(mediaDir, 'videos', video.videoId, 'hls'))).toBe(false)
    // Same page, same comments, same views.
    const [kept] = await sql<{ view_count: number; comments: string }>('select view_count, (select count(*) from comments where video_id = v.id) as comments from videos v where video_id = $1', [video.videoId])
    expect({ views: Number(kept!.view_count), comments: Number(kept!.comments) }).toEqual({ views: 7, comments: 1 })
    const page = await new ApiClient(baseUrl).request('GET', video.url)
    expect(page.status).toBe(200)
    expect(page.body).toContain(row.hls_url)
  }, 180_000)

  it('gives a self-hosted video from before transcodes (no status) a stream, keeping it on the site meanwhile', async () => {
    const legacy = await createManualVideo(admin, {})
    created.push(legacy.id)
    const res = await postMultipart([mp4Part(makeTestMp4())], { cookie: admin.cookie, path: `/api/videos/${legacy.videoId}/file` })
    expect(res.status, JSON.stringify(res.body)).toBe(202)
    expect(res.body.replacing).toBe(true)
    expect((await new ApiClient(baseUrl).request('GET', `/video/${legacy.videoId}`)).status).toBe(200)
    let row = (await videoRow(legacy.videoId))!
    for (const deadline = Date.now() + 60_000; !row.hls_url && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 300))
      row = (await videoRow(legacy.videoId))!
    }
    expect(row).toMatchObject({ transcode_status: 'ready', duration: 'PT2S' })
    expect(row.video_url).toMatch(new RegExp(`^/media/videos/${legacy.videoId}/original-[a-z0-9]+\\.mp4$`))
    expect((await getFile(row.hls_url!)).status).toBe(200)
  }, 90_000)

  it('refuses a file that is not a video, and a video that is not an upload', async () => {
    const video = await uploadTestVideo(admin)
    created.push(video.id)
    await waitForTranscode(video.videoId)
    const text = await postMultipart([{ name: 'video', filename: 'x.mp4', type: 'video/mp4', bytes: Buffer.from('plain text, not a video at all. '.repeat(100)) }], { cookie: admin.cookie, path: `/api/videos/${video.videoId}/file` })
    expect(text.status).toBe(400)
    expect((await videoRow(video.videoId))?.hls_url).toBe(`/media/videos/${video.videoId}/hls/master.m3u8`)
    expect((await postMultipart([mp4Part(makeTestMp4())], { cookie: admin.cookie, path: '/api/videos/manual_nosuchvideo/file' })).status).toBe(404)
  }, 120_000)
})

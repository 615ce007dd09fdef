// Video uploads (SPEC §5, §7, §9): POST /api/videos/upload streams to disk, checks the file's
// bytes, refuses over 500MB while streaming and keeps nothing of a failed or aborted upload; the
// transcode job turns the upload into HLS; the premium gate guards every playlist and segment.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { asBrowser, getFile } from './gate-helpers'
import { sql } from './sql'
import { premiumMember, signedInAdmin } from './videos-helpers'
import {
  baseUrl,
  countVideosTitled,
  fields,
  filesInFlight,
  makeTestMp4,
  MB,
  mediaDir,
  mp4Part,
  postMultipart,
  rssOf,
  serverPid,
  uploadTestVideo,
  videoRow,
  waitForTranscode,
} from './video-upload-helpers'

let admin: ApiClient
const created: number[] = []

beforeAll(async () => {
  admin = await signedInAdmin()
  makeTestMp4()
})
afterAll(async () => {
  for (const id of created) await admin.request('DELETE', `/cms/api/videos/${id}`)
})

describe('an admin uploads a real MP4', () => {
  it('creates an EXCLUSIVE manual video, transcodes it to an HLS ladder up to its 360p, reads its real duration and makes a poster', async () => {
    const video = await uploadTestVideo(admin)
    created.push(video.id)
    expect(video.videoId).toMatch(/^manual_[a-z0-9]{10}$/)
    expect(video.transcodeStatus).toBe('queued')

    const row = await waitForTranscode(video.videoId)
    expect(row.transcode_error).toBeNull()
    expect(row.transcode_status).toBe('ready')
    expect(row.duration).toBe('PT2S')
    expect(row.hls_url).toBe(`/media/videos/${video.videoId}/hls/master.m3u8`)
    expect(row.video_url).toBe(`/media/videos/${video.videoId}/original.mp4`)
    expect(row.thumbnail_url).toBe(`/media/video-posters/${video.videoId}.jpg`)

    const dir = path.join(mediaDir, 'videos', video.videoId)
    const master = fs.readFileSync(path.join(dir, 'hls/master.m3u8'), 'utf8')
    // 640×360 source: 240p and 360p, nothing above it.
    expect(master).toMatch(/RESOLUTION=426x240\n240p\/index\.m3u8/)
    expect(master).toMatch(/RESOLUTION=640x360\n360p\/index\.m3u8/)
    expect(master).not.toContain('480p')
    for (const rung of ['240p', '360p']) {
      const playlist = fs.readFileSync(path.join(dir, 'hls', rung, 'index.m3u8'), 'utf8')
      expect(playlist).toContain('#EXT-X-ENDLIST')
      const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'))
      expect(segments.length).toBeGreaterThan(0)
      for (const segment of segments) expect(fs.statSync(path.join(dir, 'hls', rung, segment)).size).toBeGreaterThan(1000)
    }
    expect(fs.existsSync(path.join(dir, '.hls-partial'))).toBe(false)
    expect(filesInFlight()).toEqual([])

    // Served through /media: playlist, segment and poster.
    const playlist = await getFile(row.hls_url!)
    expect(playlist.status).toBe(200)
    expect(playlist.headers.get('content-type')).toContain('application/vnd.apple.mpegurl')
    const segment = await getFile(`/media/videos/${video.videoId}/hls/240p/seg-000.ts`)
    expect(segment.status).toBe(200)
    expect(segment.headers.get('content-type')).toBe('video/mp2t')
    expect((await getFile(row.thumbnail_url!)).headers.get('content-type')).toBe('image/jpeg')

    // The page plays the stream (and the original as its fallback), and says EXCLUSIVE.
    const page = await new ApiClient(baseUrl).request('GET', video.url)
    expect(page.status).toBe(200)
    expect(page.body).toContain(`src="${row.hls_url}" type="application/vnd.apple.mpegurl"`)
    expect(page.body).toContain(`src="${row.video_url}" type="video/mp4"`)
    expect(page.body).toContain('data-badge="EXCLUSIVE"')
  })

  it('keeps an uploaded thumbnail, re-encoded as JPEG, instead of making a poster', async () => {
    const sharp = (await import('sharp')).default
    const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#123456' } }).png().toBuffer()
    const res = await postMultipart([...fields(), mp4Part(makeTestMp4()), { name: 'thumbnail', filename: 'thumb.png', type: 'image/png', bytes: png }], { cookie: admin.cookie })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    created.push(res.body.id)
    const poster = path.join(mediaDir, 'video-posters', `${res.body.videoId}.jpg`)
    expect((await sharp(poster).metadata()).format).toBe('jpeg')
    const row = await waitForTranscode(res.body.videoId)
    expect(row.transcode_status).toBe('ready')
    expect(row.thumbnail_url).toBe(`/media/video-posters/${res.body.videoId}.jpg`)
  })
})

describe('refusals keep nothing', () => {
  it('refuses a file that is not a video by its bytes, whatever its name and type say', async () => {
    const title = `Not a video ${Date.now()}`
    const res = await postMultipart([...fields({ title }), { name: 'video', filename: 'clip.mp4', type: 'video/mp4', bytes: Buffer.from('This is plain text pretending to be a video. '.repeat(2000)) }], { cookie: admin.cookie })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'Please drop a video file (MP4, MOV, AVI, etc.)', title: 'Invalid file type' })
    expect(await countVideosTitled(title)).toBe(0)
    expect(filesInFlight()).toEqual([])
  })

  it('refuses a thumbnail that is not an image, and one over 5MB', async () => {
    const title = `Bad thumbnail ${Date.now()}`
    const notImage = await postMultipart([...fields({ title }), mp4Part(makeTestMp4()), { name: 'thumbnail', filename: 't.png', type: 'image/png', bytes: Buffer.from('not an image') }], { cookie: admin.cookie })
    expect(notImage.status).toBe(400)
    expect(notImage.body).toEqual({ error: 'Invalid file type' })
    const huge = await postMultipart([...fields({ title }), { name: 'thumbnail', filename: 't.png', type: 'image/png', bytes: Buffer.alloc(5 * MB + 1) }, mp4Part(makeTestMp4())], { cookie: admin.cookie })
    expect(huge.status).toBe(413)
    expect(huge.body).toEqual({ error: 'Thumbnail must be under 5MB', title: 'Image too large' })
    expect(await countVideosTitled(title)).toBe(0)
    expect(filesInFlight()).toEqual([])
  })

  it('asks for the title and the published date with the spec words, and for a file', async () => {
    const noTitle = await postMultipart([...fields({ title: '' }), mp4Part(makeTestMp4())], { cookie: admin.cookie })
    expect(noTitle.status).toBe(400)
    expect(noTitle.body).toEqual({ error: 'Title is required' })
    const noDate = await postMultipart([...fields({ publishedAt: '' }), mp4Part(makeTestMp4())], { cookie: admin.cookie })
    expect(noDate.body).toEqual({ error: 'Published date is required' })
    const noFile = await postMultipart(fields(), { cookie: admin.cookie })
    expect(noFile.body).toEqual({ error: 'No video file selected' })
    expect(filesInFlight()).toEqual([])
  })

  it('is for admins only: a visitor gets 401, a member 403, and another site 403', async () => {
    const title = `Not yours ${Date.now()}`
    expect((await postMultipart([...fields({ title }), mp4Part(makeTestMp4())])).status).toBe(401)
    const { client: member } = await registerMember(baseUrl)
    const byMember = await postMultipart([...fields({ title }), mp4Part(makeTestMp4())], { cookie: member.cookie })
    expect(byMember.status).toBe(403)
    const crossSite = await fetch(`${baseUrl}/api/videos/upload`, { method: 'POST', headers: { cookie: admin.cookie!, origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--\r\n' })
    expect(crossSite.status).toBe(403)
    expect(await countVideosTitled(title)).toBe(0)
  })

  it('leaves no file and no row when the connection drops mid-upload', async () => {
    const title = `Aborted ${Date.now()}`
    const mp4 = fs.readFileSync(makeTestMp4())
    const res = await postMultipart([...fields({ title }), { name: 'video', filename: 'big.mp4', type: 'video/mp4', stream: { head: mp4.subarray(0, 64 * 1024), totalBytes: 40 * MB } }], {
      cookie: admin.cookie,
      abortAfterBytes: 8 * MB,
    })
    expect(res.status).toBe(0)
    await expect.poll(() => filesInFlight(), { timeout: 10_000 }).toEqual([])
    expect(await countVideosTitled(title)).toBe(0)
  })
})

describe('the 500MB cap', () => {
  it('refuses an upload the moment it passes 500MB, while streaming, keeps nothing, and holds server memory flat', async () => {
    const title = `Too big ${Date.now()}`
    const pid = serverPid()
    const before = rssOf(pid)
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid))
    }, 50)
    const mp4 = fs.readFileSync(makeTestMp4())
    // A real MP4's first bytes, then zeros: 600MB in all, far more than the cap.
    const res = await postMultipart([...fields({ title }), { name: 'video', filename: 'huge.mp4', type: 'video/mp4', stream: { head: mp4.subarray(0, 64 * 1024), totalBytes: 600 * MB } }], { cookie: admin.cookie }).finally(() =>
      clearInterval(sampler),
    )
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ error: 'Video file must be under 500MB', title: 'File too large' })
    // Refused while streaming: the client was stopped soon after the cap, never let send it all.
    expect(res.sent).toBeGreaterThan(500 * MB)
    expect(res.sent).toBeLessThan(560 * MB)
    // Streamed to disk: 500MB went through the server with its memory growing by far less than 100MB.
    expect(peak - before).toBeLessThan(100 * MB)
    await expect.poll(() => filesInFlight(), { timeout: 10_000 }).toEqual([])
    expect(await countVideosTitled(title)).toBe(0)
  }, 180_000)

  it('refuses a declared Content-Length over the cap before reading a byte', async () => {
    const url = new URL('/api/videos/upload', baseUrl)
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { cookie: admin.cookie!, origin: baseUrl, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(600 * MB) } },
        (res) => {
          resolve(res.statusCode ?? 0)
          req.destroy()
        },
      )
      req.on('error', reject)
      req.write('--x\r\n')
    })
    expect(status).toBe(413)
    expect(filesInFlight()).toEqual([])
  })
})

describe('the premium gate on every playlist and segment', () => {
  it('refuses a premium upload’s playlists, segments and original to a visitor and a member, and serves them to a premium member', async () => {
    const video = await uploadTestVideo(admin, { isPremium: 'true' })
    created.push(video.id)
    const row = await waitForTranscode(video.videoId)
    expect(row.transcode_status).toBe('ready')
    const files = [row.hls_url!, `/media/videos/${video.videoId}/hls/360p/index.m3u8`, `/media/videos/${video.videoId}/hls/360p/seg-000.ts`, row.video_url!]
    const { client: member } = await registerMember(baseUrl)
    const { client: premium } = await premiumMember()
    for (const file of files) {
      expect((await getFile(file)).status, file).toBe(403)
      expect((await getFile(file, asBrowser(member.cookie))).status, file).toBe(403)
      const served = await getFile(file, asBrowser(premium.cookie))
      expect(served.status, file).toBe(200)
      expect(served.headers.get('cache-control')).toBe('private, no-cache')
    }
    // Nor do the JSON API and /cms/api name the stream to a member; the premium member gets it.
    expect((await member.get(`/api/videos/${video.videoId}`)).body).toMatchObject({ videoUrl: null, locked: 'premium' })
    const rest = await member.get(`/cms/api/videos/${video.id}`)
    expect(rest.body.hlsUrl).toBeUndefined()
    expect(JSON.stringify(rest.body)).not.toContain('.m3u8')
    expect((await premium.get(`/cms/api/videos/${video.id}`)).body.hlsUrl).toBe(row.hls_url)
    // The page gives a member the Premium lock and no stream at all.
    const page = await member.request('GET', video.url)
    expect(page.body).toContain('data-testid="premium-lock"')
    expect(page.body).not.toContain('.m3u8')
    // The poster stays public: the lock shows it.
    expect((await getFile(row.thumbnail_url!)).status).toBe(200)
  })

  it('gates an uncut upload the same way', async () => {
    const video = await uploadTestVideo(admin, { isUncut: 'true' })
    created.push(video.id)
    const row = await waitForTranscode(video.videoId)
    const { client: member } = await registerMember(baseUrl)
    expect((await getFile(`/media/videos/${video.videoId}/hls/240p/seg-000.ts`, asBrowser(member.cookie))).status).toBe(403)
    expect((await getFile(row.hls_url!, asBrowser(admin.cookie))).status).toBe(200)
  })
})

describe('failures are recorded with their reason', () => {
  it('marks a file ffmpeg cannot read as failed, with why, on the video and in the uploads list', async () => {
    const mp4 = fs.readFileSync(makeTestMp4())
    // The right magic number, then nothing a decoder can use.
    const broken = Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(256 * 1024, 0x42)])
    const res = await postMultipart([...fields(), { name: 'video', filename: 'broken.mp4', type: 'video/mp4', bytes: broken }], { cookie: admin.cookie })
    expect(res.status).toBe(201)
    created.push(res.body.id)
    const row = await waitForTranscode(res.body.videoId)
    expect(row.transcode_status).toBe('failed')
    expect(row.transcode_error).toBeTruthy()
    const list = await admin.get('/api/videos/uploads')
    expect(list.status).toBe(200)
    expect(list.body.find((u: { videoId: string }) => u.videoId === res.body.videoId)).toMatchObject({ transcodeStatus: 'failed', transcodeError: row.transcode_error })
    const { client: member } = await registerMember(baseUrl)
    expect((await member.get('/api/videos/uploads')).status).toBe(403)
  })
})

describe('deleting an upload', () => {
  const files = (videoId: string) => [path.join(mediaDir, 'videos', videoId), path.join(mediaDir, 'video-posters', `${videoId}.jpg`)]

  it('takes its comments with it, and its files once the deletion has committed', async () => {
    const video = await uploadTestVideo(admin)
    expect((await waitForTranscode(video.videoId)).transcode_status).toBe('ready')
    const { client: member } = await registerMember(baseUrl)
    const comment = await member.post(`/api/videos/${encodeURIComponent(video.videoId)}/comments`, { content: 'Said before it went' })
    expect(comment.status, JSON.stringify(comment.body)).toBe(201)
    expect(fs.existsSync(files(video.videoId)[0]!)).toBe(true)

    expect((await admin.request('DELETE', `/cms/api/videos/${video.id}`)).status).toBe(200)
    expect(await videoRow(video.videoId)).toBeUndefined()
    expect(await sql('select id from comments where id = $1', [comment.body.id])).toEqual([])
    // Removed by a job queued in the deletion's transaction (the suite's jobs run every 2 s).
    await vi.waitFor(() => expect(files(video.videoId).filter((f) => fs.existsSync(f))).toEqual([]), { timeout: 30_000, interval: 250 })
  })

  it("a removal job never takes a video's files while the video is there", async () => {
    const video = await uploadTestVideo(admin)
    created.push(video.id)
    await waitForTranscode(video.videoId)
    const [job] = await sql<{ id: number }>(
      `insert into payload_jobs (input, task_slug, queue) values ($1::jsonb, 'videoFilesRemoval', 'default') returning id`,
      [JSON.stringify({ videoId: video.videoId })],
    )
    // Done: a finished job is deleted (or kept as completed); a failed one would stay, unfinished.
    await vi.waitFor(async () => expect(await sql('select id from payload_jobs where id = $1 and completed_at is null', [job!.id])).toEqual([]), { timeout: 30_000, interval: 250 })
    expect(files(video.videoId).filter((f) => fs.existsSync(f))).toEqual(files(video.videoId))
    expect(await videoRow(video.videoId)).toBeDefined()
  })
})

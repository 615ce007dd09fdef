// Media in an S3-compatible bucket (S3_BUCKET): two app servers on one database of their own and
// one bucket (the s3rver fake, tests/fakes/s3), each with its own empty data folder, so anything
// one serves that the other wrote came from the bucket. Images uploaded in /cms, resumable video
// uploads, their transcodes, the premium gate on their files, deletion, and `npm run media:migrate`.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

import { S3 } from '@aws-sdk/client-s3'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { s3ClientConfig } from '../../cms/services/media/object-store'
import { parseS3Config } from '../../cms/services/media/s3-config'
import { startFakeS3, type FakeS3 } from '../fakes/s3'
import { ApiClient, uniqueIp } from '../helpers/api-client'
import { createTestDatabase, ROOT, type TestDatabase } from '../helpers/test-database'
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server'
import { makeTestMp4, MB } from './video-upload-helpers'

let fake: FakeS3
let database: TestDatabase
let a: TestServer
let b: TestServer
let adminA: ApiClient
let adminB: ApiClient
let bucket: S3

beforeAll(async () => {
  fake = await startFakeS3({ prefix: 'site' })
  database = await createTestDatabase('s3')
  // JOBS_CRON: the deletion job (default queue) runs within seconds.
  const env = { ...fake.env, TRUST_PROXY: 'true', JOBS_CRON: '*/2 * * * * *' }
  // One after the other: the first start migrates and seeds the new database.
  a = await startTestServer('s3-a', database.url, env)
  b = await startTestServer('s3-b', database.url, env)
  adminA = await signIn(a)
  adminB = await signIn(b)
  bucket = new S3(s3ClientConfig(parseS3Config(fake.env)!))
}, 400_000)

afterAll(async () => {
  await a?.stop()
  await b?.stop()
  await database?.dispose()
  await fake?.stop()
})

async function signIn(server: TestServer) {
  const client = new ApiClient(server.url)
  const res = await client.post('/api/auth/login', TEST_ADMIN)
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`)
  return client
}

const keysUnder = async (prefix: string) => ((await bucket.listObjectsV2({ Bucket: fake.bucket, Prefix: prefix })).Contents ?? []).map((o) => o.Key!)

async function videoRow(videoId: string) {
  const db = new pg.Client({ connectionString: database.url })
  await db.connect()
  try {
    const { rows } = await db.query<{ id: number; transcode_status: string | null; transcode_error: string | null; hls_url: string | null; thumbnail_url: string | null }>(
      'select id, transcode_status, transcode_error, hls_url, thumbnail_url from videos where video_id = $1',
      [videoId],
    )
    return rows[0]
  } finally {
    await db.end()
  }
}

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

const tus = (server: TestServer, admin: ApiClient) => ({ 'tus-resumable': '1.0.0', origin: server.url, cookie: admin.cookie!, 'x-forwarded-for': admin.ip })

/**
 * A resumable upload started on server A whose second half goes to server B (its offset read
 * there), then made a video through B: the upload lives in the bucket, not in A's memory or disk.
 */
async function uploadAcrossServers(fields: Record<string, string>) {
  const bytes = Buffer.concat([fs.readFileSync(makeTestMp4()), Buffer.alloc(2 * MB)])
  const created = await fetch(`${a.url}/api/videos/tus`, { method: 'POST', headers: { ...tus(a, adminA), 'upload-length': String(bytes.length) } })
  expect(created.status).toBe(201)
  const location = created.headers.get('location')!
  const half = Math.floor(bytes.length / 2)
  const first = await fetch(`${a.url}${location}`, { method: 'PATCH', headers: { ...tus(a, adminA), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, body: bytes.subarray(0, half) })
  expect(first.status).toBe(204)
  const head = await fetch(`${b.url}${location}`, { method: 'HEAD', headers: tus(b, adminB) })
  expect(head.status).toBe(200)
  expect(Number(head.headers.get('upload-offset'))).toBe(half)
  const second = await fetch(`${b.url}${location}`, { method: 'PATCH', headers: { ...tus(b, adminB), 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' }, body: bytes.subarray(half) })
  expect(second.status).toBe(204)
  expect(Number(second.headers.get('upload-offset'))).toBe(bytes.length)

  const form = new FormData()
  for (const [name, value] of Object.entries({ title: `S3 upload ${Date.now()}`, publishedAt: '2020-01-02T03:04:05.000Z', tusUploadId: location.split('/').pop()!, ...fields })) form.set(name, value)
  const res = await fetch(`${b.url}/api/videos/upload`, { method: 'POST', body: form, headers: { origin: b.url, cookie: adminB.cookie!, 'x-forwarded-for': adminB.ip } })
  const body = (await res.json()) as { id: number; videoId: string }
  expect(res.status, JSON.stringify(body)).toBe(201)
  const row = await waitFor('transcode', async () => {
    const r = await videoRow(body.videoId)
    return r && (r.transcode_status === 'ready' || r.transcode_status === 'failed') ? r : null
  })
  expect(row.transcode_error).toBeNull()
  expect(row.transcode_status).toBe('ready')
  return { ...body, hlsUrl: row.hls_url!, thumbnailUrl: row.thumbnail_url! }
}

/** The master playlist and the first segment of its first rendition, fetched from `server` with `cookie`. */
async function play(server: TestServer, hlsUrl: string, cookie?: string) {
  const headers = { 'x-forwarded-for': uniqueIp(), ...(cookie ? { cookie, 'sec-fetch-site': 'same-origin' } : {}) }
  const master = await fetch(new URL(hlsUrl, server.url), { headers })
  if (master.status !== 200) return { status: master.status }
  const variant = new URL((await master.text()).split('\n').find((line) => line.endsWith('.m3u8'))!, master.url)
  const playlist = await fetch(variant, { headers })
  const segment = new URL((await playlist.text()).split('\n').find((line) => line.endsWith('.ts'))!, variant)
  const res = await fetch(segment, { headers })
  const bytes = Buffer.from(await res.arrayBuffer())
  return { status: res.status, segment, bytes, type: res.headers.get('content-type'), etag: res.headers.get('etag') }
}

describe('media in an S3 bucket', () => {
  it("puts the demo videos' stills and clips in the bucket when it seeds, and the other server serves them", async () => {
    const { videos } = (await (await fetch(`${b.url}/api/videos?limit=50&page=1`)).json()) as { videos: { videoId: string; source: string; thumbnailUrl: string }[] }
    const manual = videos.find((v) => v.source === 'manual')!
    for (const url of [manual.thumbnailUrl, videos.find((v) => v.source === 'youtube')!.thumbnailUrl]) {
      expect(url).toMatch(/^\/media\/thumbnails\//)
      const still = await fetch(b.url + url)
      expect(still.status, url).toBe(200)
      expect(still.headers.get('content-type')).toBe('image/jpeg')
    }
    expect(await keysUnder(`site/media/videos/${manual.videoId}.mp4`)).toHaveLength(1)
  })

  it('keeps an image uploaded in /cms (and its sizes) in the bucket and serves it through the app', async () => {
    const picture = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 200, g: 80, b: 20 } } }).jpeg().toBuffer()
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 's3-picture.jpg')
    form.set('_payload', JSON.stringify({ alt: 'An orange test picture' }))
    const res = await fetch(`${a.url}/cms/api/media`, { method: 'POST', body: form, headers: { origin: a.url, cookie: adminA.cookie!, 'x-forwarded-for': adminA.ip } })
    const { doc } = (await res.json()) as { doc: { id: number; filename: string; url: string; sizes: Record<string, { filename: string | null; url: string | null }> } }
    expect(res.status).toBe(201)
    expect(doc.url).toBe(`/cms/api/media/file/${doc.filename}`)

    const keys = await keysUnder('site/media/')
    expect(keys).toContain(`site/media/${doc.filename}`)
    for (const size of Object.values(doc.sizes).filter((s) => s.filename)) expect(keys).toContain(`site/media/${size.filename}`)
    expect(fs.existsSync(path.join(a.dataDir, 'media', doc.filename))).toBe(false)

    // Served by the other server, which never saw the upload.
    const image = await fetch(new URL(doc.url, b.url))
    expect(image.status).toBe(200)
    expect(Buffer.from(await image.arrayBuffer()).equals(picture)).toBe(true)
    const small = await fetch(new URL(doc.sizes.small!.url!, b.url))
    expect(small.status).toBe(200)
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(480)

    expect((await adminA.request('DELETE', `/cms/api/media/${doc.id}`)).status).toBe(200)
    await waitFor('image objects removed', async () => !(await keysUnder('site/media/')).includes(`site/media/${doc.filename}`))
  })

  it('resumes a tus upload on another server, transcodes from the bucket into it, and plays it through either server', async () => {
    const video = await uploadAcrossServers({})
    const keys = await keysUnder(`site/media/videos/${video.videoId}/`)
    expect(keys).toContain(`site/media/videos/${video.videoId}/hls/master.m3u8`)
    expect(keys.some((k) => /\/hls\/[^/]+\/seg-\d+\.ts$/.test(k))).toBe(true)
    expect(keys.some((k) => /\/original\.mp4$/.test(k))).toBe(true)
    expect(keys.filter((k) => /\/frames\/frame-\d\.jpg$/.test(k)).length).toBeGreaterThan(0)
    expect(await keysUnder(`site/media/video-posters/${video.videoId}.jpg`)).toHaveLength(1)
    // The upload itself is gone from the bucket's tus area, and no temporary file stayed behind.
    expect(await keysUnder('site/tus/')).toEqual([])
    const leftovers = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n !== 'hls') : [])
    for (const server of [a, b]) expect(leftovers(path.join(server.dataDir, 'media', '.uploads'))).toEqual([])

    for (const server of [a, b]) {
      const played = await play(server, video.hlsUrl)
      expect(played.status).toBe(200)
      expect(played.type).toBe('video/mp2t')
      expect(played.bytes![0]).toBe(0x47) // an MPEG-TS sync byte
      // Ranges and revalidation as on the local disk.
      const ranged = await fetch(played.segment!, { headers: { range: 'bytes=0-99' } })
      expect(ranged.status).toBe(206)
      expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${played.bytes!.length}`)
      expect(ranged.headers.get('content-length')).toBe('100')
      expect(Buffer.from(await ranged.arrayBuffer()).equals(played.bytes!.subarray(0, 100))).toBe(true)
      // (A Cache-Control of its own: fetch adds no-cache to a conditional request, which rules a 304 out.)
      expect((await fetch(played.segment!, { headers: { 'if-none-match': played.etag!, 'cache-control': 'max-age=0' } })).status).toBe(304)
      expect((await fetch(played.segment!, { headers: { range: `bytes=${played.bytes!.length}-` } })).status).toBe(416)
    }
    expect((await fetch(new URL(video.thumbnailUrl, b.url))).headers.get('content-type')).toBe('image/jpeg')

    // Deleted: its objects go once the deletion has committed (the removal job).
    expect((await adminA.request('DELETE', `/cms/api/videos/${video.id}`)).status).toBe(200)
    await waitFor('video objects removed', async () => (await keysUnder(`site/media/videos/${video.videoId}/`)).length === 0 && (await keysUnder(`site/media/video-posters/${video.videoId}`)).length === 0)
    expect((await fetch(new URL(video.hlsUrl, a.url))).status).toBe(404)
  })

  it("refuses a premium video's files to a visitor and serves them to an admin", async () => {
    const video = await uploadAcrossServers({ isPremium: 'true' })
    try {
      const visitor = await play(b, video.hlsUrl)
      expect(visitor.status).toBe(403)
      const segmentKey = (await keysUnder(`site/media/videos/${video.videoId}/hls/`)).find((k) => k.endsWith('.ts'))!
      const segmentUrl = `/media/${segmentKey.replace(/^site\/media\//, '')}`
      expect((await fetch(new URL(segmentUrl, a.url), { headers: { range: 'bytes=0-10' } })).status).toBe(403)
      const admin = await play(b, video.hlsUrl, adminB.cookie!)
      expect(admin.status).toBe(200)
      expect(admin.bytes![0]).toBe(0x47)
    } finally {
      await adminA.request('DELETE', `/cms/api/videos/${video.id}`)
    }
  })

  it('adds captions, picks a saved still as the thumbnail and replaces the file, all in the bucket', async () => {
    const video = await uploadAcrossServers({})
    const post = async (server: TestServer, admin: ApiClient, route: string, form: FormData) => {
      const res = await fetch(`${server.url}${route}`, { method: 'POST', body: form, headers: { origin: server.url, cookie: admin.cookie!, 'x-forwarded-for': admin.ip } })
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }
    try {
      const captions = new FormData()
      captions.set('language', 'fr')
      captions.set('file', new Blob(['WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour\n'], { type: 'text/vtt' }), 'fr.vtt')
      const added = await post(b, adminB, `/api/videos/${video.videoId}/captions`, captions)
      expect(added.status, JSON.stringify(added.body)).toBe(201)
      const captionKeys = await keysUnder(`site/media/videos/${video.videoId}/captions/`)
      expect(captionKeys.some((k) => /\/fr-[a-z0-9]+\.vtt$/.test(k)) && captionKeys.some((k) => /\/fr-[a-z0-9]+\.m3u8$/.test(k))).toBe(true)
      const hlsUrl = (await videoRow(video.videoId))!.hls_url!
      const master = await fetch(new URL(hlsUrl, a.url))
      expect(await master.text()).toMatch(/TYPE=SUBTITLES.*LANGUAGE="fr".*URI="\.\.\/captions\/fr-[a-z0-9]+\.m3u8"/)

      const still = new FormData()
      still.set('frame', '2')
      const picked = await post(a, adminA, `/api/videos/${video.videoId}/thumbnail`, still)
      expect(picked.status, JSON.stringify(picked.body)).toBe(200)
      const poster = await fetch(new URL(String(picked.body.thumbnailUrl), b.url))
      expect(poster.status).toBe(200)
      expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).format).toBe('jpeg')

      const replacement = new FormData()
      replacement.set('video', new Blob([new Uint8Array(fs.readFileSync(makeTestMp4(6)))], { type: 'video/mp4' }), 'new-cut.mp4')
      const replaced = await post(b, adminB, `/api/videos/${video.videoId}/file`, replacement)
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(202)
      expect(replaced.body.replacing).toBe(true)
      const row = await waitFor('the new stream', async () => {
        const r = await videoRow(video.videoId)
        return r?.hls_url && !r.hls_url.includes('/hls/') ? r : null
      })
      expect(row.hls_url).toMatch(new RegExp(`^/media/videos/${video.videoId}/hls-[a-z0-9]+/master\\.m3u8`))
      // The old stream and original go once the new one plays (just after the switch); the new ones and the captions stay.
      const stale = (keys: string[]) => keys.filter((k) => k.includes('/hls/') || k.endsWith('/original.mp4') || k.includes('/.replacement-'))
      const keys = await waitFor('the old files removed', async () => {
        const now = await keysUnder(`site/media/videos/${video.videoId}/`)
        return stale(now).length === 0 ? now : null
      }, 30_000)
      expect(keys.some((k) => /\/original-[a-z0-9]+\.mp4$/.test(k))).toBe(true)
      expect(keys.some((k) => k.includes('/captions/fr-'))).toBe(true)
      const played = await play(a, row.hls_url!)
      expect(played.status).toBe(200)
      expect(played.bytes![0]).toBe(0x47)
    } finally {
      await adminA.request('DELETE', `/cms/api/videos/${video.id}`)
    }
  }, 240_000)

  it('copies local media into the bucket with npm run media:migrate, and copies nothing the second time', async () => {
    const dataDir = fs.mkdtempSync(path.join(ROOT, '.data/test/s3-migrate-'))
    try {
      const hls = path.join(dataDir, 'media/videos/manual_migrated1/hls')
      fs.mkdirSync(hls, { recursive: true })
      fs.writeFileSync(path.join(hls, 'master.m3u8'), '#EXTM3U\n')
      fs.writeFileSync(path.join(dataDir, 'media/old-picture.jpg'), Buffer.alloc(1234, 7))
      fs.mkdirSync(path.join(dataDir, 'avatars'))
      fs.writeFileSync(path.join(dataDir, 'avatars/member.webp'), Buffer.alloc(321, 1))
      // Work in progress is not media.
      fs.mkdirSync(path.join(dataDir, 'media/.uploads'))
      fs.writeFileSync(path.join(dataDir, 'media/.uploads/half.part'), 'x')

      const run = () => promisify(execFile)(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/media-migrate.ts'], { cwd: ROOT, env: { ...process.env, ...fake.env, S3_PREFIX: 'migrated', DATA_DIR: dataDir } })
      const first = await run()
      expect(first.stdout).toMatch(/: 3 copied \(1563 bytes\), 0 already there, 0 failed/)
      expect((await keysUnder('migrated/')).sort()).toEqual(['migrated/avatars/member.webp', 'migrated/media/old-picture.jpg', 'migrated/media/videos/manual_migrated1/hls/master.m3u8'])
      const second = await run()
      expect(second.stdout).toMatch(/: 0 copied \(0 bytes\), 3 already there, 0 failed/)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ffprobePath, run } from '../../cms/services/video-transcode/binaries'

import { registerMember } from '../helpers/api-client'
import { ROOT, runLabel } from '../helpers/test-database'
import { baseUrl, premiumMember, SEEDED, signedInAdmin } from './videos-helpers'

const freeFile = `/media/videos/${SEEDED.freeManual}.mp4`
const premiumFile = `/media/videos/${SEEDED.premiumManual}.mp4`
// The test server's DATA_DIR (tests/helpers/test-server.ts).
const mediaDir = path.join(ROOT, '.data/test', `${runLabel('int')}-files`, 'media')
// The files the seed wrote (each self-hosted video has its own clip): what the server must send, byte for byte.
const sample = readFileSync(path.join(mediaDir, 'videos', `${SEEDED.freeManual}.mp4`))
const size = sample.length
const premiumSample = readFileSync(path.join(mediaDir, 'videos', `${SEEDED.premiumManual}.mp4`))

async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(baseUrl + url, { method, headers })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}

/** A request sent exactly as written: fetch would resolve '..' and '%2e%2e', and add no-cache to conditional requests. */
function rawGet(rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method: 'GET', headers }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** What a browser sends with its session cookie for the page's own <video> (Payload checks Sec-Fetch-Site). */
const asBrowser = (cookie: string | null, extra: Record<string, string> = {}) => ({ cookie: cookie ?? '', 'sec-fetch-site': 'same-origin', ...extra })

describe('/media: free files', () => {
  it('sends the whole file with 200, Accept-Ranges, validators and a long cache lifetime', async () => {
    const res = await get(freeFile)
    expect(res.status).toBe(200)
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(Number(res.headers.get('content-length'))).toBe(size)
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=(\d{7,})/)
    expect(res.headers.get('etag')).toMatch(/^".+"$/)
    expect(res.headers.get('last-modified')).toBeTruthy()
    expect(res.body.equals(sample)).toBe(true)
    expect(res.body.subarray(4, 8).toString('latin1')).toBe('ftyp')
  })

  it('answers bytes=0-99 with 206, Content-Range and Content-Length', async () => {
    const res = await get(freeFile, { range: 'bytes=0-99' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes 0-99/${size}`)
    expect(res.headers.get('content-length')).toBe('100')
    expect(res.body.equals(sample.subarray(0, 100))).toBe(true)
  })

  it('answers open and suffix ranges', async () => {
    const open = await get(freeFile, { range: `bytes=${size - 10}-` })
    expect(open.status).toBe(206)
    expect(open.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`)
    expect(open.body.equals(sample.subarray(size - 10))).toBe(true)

    const suffix = await get(freeFile, { range: 'bytes=-500' })
    expect(suffix.status).toBe(206)
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 500}-${size - 1}/${size}`)
    expect(suffix.body.equals(sample.subarray(size - 500))).toBe(true)

    const longer = await get(freeFile, { range: `bytes=-${size * 10}` })
    expect(longer.headers.get('content-range')).toBe(`bytes 0-${size - 1}/${size}`)

    const pastEnd = await get(freeFile, { range: `bytes=100-${size * 2}` })
    expect(pastEnd.headers.get('content-range')).toBe(`bytes 100-${size - 1}/${size}`)
    expect(pastEnd.body.equals(sample.subarray(100))).toBe(true)
  })

  it.each([`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0'])('answers %s with 416 and the size', async (range) => {
    const res = await get(freeFile, { range })
    expect(res.status).toBe(416)
    expect(res.headers.get('content-range')).toBe(`bytes */${size}`)
  })

  it.each(['bytes=abc', 'items=0-5', 'bytes=5-1', 'bytes=0-1,4-5'])('ignores an unusable Range (%s) and sends it all', async (range) => {
    const res = await get(freeFile, { range })
    expect(res.status).toBe(200)
    expect(res.body.length).toBe(size)
  })

  it('revalidates with ETag (304) and honours If-Range', async () => {
    const { headers } = await get(freeFile, {}, 'HEAD')
    const etag = headers.get('etag')!
    expect((await rawGet(freeFile, { 'if-none-match': etag })).status).toBe(304)
    expect((await rawGet(freeFile, { 'if-none-match': '"other"' })).status).toBe(200)
    expect((await rawGet(freeFile, { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206)
    const stale = await rawGet(freeFile, { range: 'bytes=0-9', 'if-range': '"old"' })
    expect(stale.status).toBe(200)
    expect(Number(stale.headers['content-length'])).toBe(size)
  })

  it('answers HEAD with the headers only', async () => {
    const res = await get(freeFile, {}, 'HEAD')
    expect(res.status).toBe(200)
    expect(Number(res.headers.get('content-length'))).toBe(size)
    expect(res.body.length).toBe(0)
  })

  it('serves the seeded posters as public images, a YouTube video\'s too', async () => {
    for (const videoId of [SEEDED.freeManual, SEEDED.youtubeWithSeo]) {
      const res = await get(`/media/thumbnails/${videoId}.jpg`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/jpeg')
      expect(res.headers.get('cache-control')).toMatch(/^public/)
      expect(await sharp(res.body).metadata()).toMatchObject({ format: 'jpeg', width: 960, height: 540 })
    }
  })

  it('a self-hosted video\'s clip is its own, a real MP4 a few seconds long', async () => {
    const [free, premium] = [sample, premiumSample]
    expect(free.subarray(4, 8).toString('latin1')).toBe('ftyp')
    expect(free.equals(premium)).toBe(false)
    const probe = await run(ffprobePath(), ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name,width', '-of', 'json', path.join(mediaDir, 'videos', `${SEEDED.freeManual}.mp4`)])
    const info = JSON.parse(probe.stdout) as { format: { duration: string }; streams: { codec_name: string; width: number }[] }
    expect(info.streams[0]).toMatchObject({ codec_name: 'h264', width: 640 })
    expect(Number(info.format.duration)).toBeGreaterThanOrEqual(5)
  })
})

describe('/media: premium files', () => {
  it('refuses a visitor, even for a range', async () => {
    const variants: Record<string, string>[] = [{}, { range: 'bytes=0-99' }, { range: 'bytes=-100' }]
    for (const headers of variants) {
      const res = await get(premiumFile, headers)
      expect(res.status).toBe(403)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(JSON.parse(res.body.toString()).error).toMatch(/premium/i)
    }
  })

  it('refuses a plain member, even for a range', async () => {
    const { client } = await registerMember(baseUrl)
    const variants: Record<string, string>[] = [{}, { range: 'bytes=0-99' }]
    for (const headers of variants) {
      expect((await get(premiumFile, asBrowser(client.cookie, headers))).status).toBe(403)
    }
  })

  it('serves a premium member every range, privately cached', async () => {
    const { client } = await premiumMember()
    const full = await get(premiumFile, asBrowser(client.cookie))
    expect(full.status).toBe(200)
    expect(full.body.equals(premiumSample)).toBe(true)
    expect(full.headers.get('cache-control')).toMatch(/^private/)
    const part = await get(premiumFile, asBrowser(client.cookie, { range: 'bytes=0-99' }))
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${premiumSample.length}`)
    expect(part.headers.get('cache-control')).toMatch(/^private/)
    // The same cookie from another site (a hotlink) is not the member.
    expect((await get(premiumFile, asBrowser(client.cookie, { 'sec-fetch-site': 'cross-site', range: 'bytes=0-99' }))).status).toBe(403)
    // Signed out: the next range request with the old cookie is refused at once.
    const oldCookie = client.cookie
    await client.post('/api/auth/logout')
    expect((await get(premiumFile, asBrowser(oldCookie, { range: 'bytes=100-199' }))).status).toBe(403)
  })

  it('serves an admin', async () => {
    const admin = await signedInAdmin()
    expect((await get(premiumFile, asBrowser(admin.cookie, { range: 'bytes=0-99' }))).status).toBe(206)
  })
})

describe('/media: only known files inside the media folder', () => {
  beforeAll(() => {
    mkdirSync(path.join(mediaDir, 'videos'), { recursive: true })
    copyFileSync(path.join(ROOT, 'cms/seed/fixtures/media/sample.mp4'), path.join(mediaDir, 'videos', 'orphan.mp4'))
    symlinkSync(path.join(ROOT, 'package.json'), path.join(mediaDir, 'thumbnails', 'escape.jpg'))
  })
  afterAll(() => {
    rmSync(path.join(mediaDir, 'videos', 'orphan.mp4'), { force: true })
    rmSync(path.join(mediaDir, 'thumbnails', 'escape.jpg'), { force: true })
  })

  // A path is made plain before any router (server/canonical-path.ts): a dot segment is redirected
  // out of /media to a path that is no file, an escaped slash or backslash is refused.
  it.each([
    ['/media/../package.json', '/package.json'],
    ['/media/%2e%2e/package.json', '/package.json'],
    ['/media/%2E%2E/%2e%2e/.data/payload-secret', '/.data/payload-secret'],
  ])('redirects %s to %s, which is a 404', async (rawPath, location) => {
    const res = await rawGet(rawPath)
    expect(res.status).toBe(308)
    expect(res.headers.location).toBe(location)
    const followed = await rawGet(location)
    expect(followed.status).toBe(404)
    expect(followed.body).not.toContain('"the-collective"') // package.json's name
  })

  it.each(['/media/videos/..%2f..%2f..%2fpackage.json', '/media/videos/..%5c..%5cpackage.json', '/media/thumbnails/%2e%2e%2f%2e%2e%2fpayload-secret'])('refuses %s with 400', async (rawPath) => {
    const res = await rawGet(rawPath)
    expect(res.status).toBe(400)
    expect(res.body).not.toMatch(/"name"|PAYLOAD|secret/i)
  })

  it.each([
    `/media/videos/${SEEDED.freeManual}.mp4%00.txt`,
    '/media/videos/%E0%A4%A.mp4',
    '/media/.hidden.jpg',
    '/media/thumbnails/escape.jpg',
    '/media/payload-secret',
    '/media/videos/',
    '/media/videos/does-not-exist.mp4',
  ])('answers %s with 404', async (rawPath) => {
    const res = await rawGet(rawPath)
    expect(res.status).toBe(404)
    expect(res.body).not.toMatch(/"name"|PAYLOAD|secret/i)
  })

  it('does not serve a video file that no video points at', async () => {
    expect((await get('/media/videos/orphan.mp4')).status).toBe(404)
  })
})

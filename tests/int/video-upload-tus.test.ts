// Resumable uploads (beyond the spec): the tus protocol at /api/videos/tus, spoken here byte by
// byte. A connection dropped mid-PATCH resumes from the offset the server confirms; the finished
// upload becomes a video through POST /api/videos/upload like any other.
import fs from 'node:fs'
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { sql } from './sql'
import { signedInAdmin } from './videos-helpers'
import { baseUrl, countVideosTitled, fields, makeTestMp4, MB, postMultipart, waitForTranscode } from './video-upload-helpers'

const TUS = { 'tus-resumable': '1.0.0' }
let admin: ApiClient
const created: number[] = []

beforeAll(async () => {
  admin = await signedInAdmin()
})
afterAll(async () => {
  for (const id of created) await admin.request('DELETE', `/cms/api/videos/${id}`)
})

const b64 = (s: string) => Buffer.from(s).toString('base64')

async function createUpload(cookie: string | null, length: number) {
  return fetch(`${baseUrl}/api/videos/tus`, {
    method: 'POST',
    headers: { ...TUS, origin: baseUrl, 'upload-length': String(length), 'upload-metadata': `filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`, ...(cookie ? { cookie } : {}) },
  })
}

/** A PATCH that sends only `sendBytes` of `bytes` (from `offset`) and then drops the connection when `drop` is set. */
function patch(location: string, bytes: Buffer, offset: number, { drop = false, sendBytes = bytes.length - offset } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string } | 'dropped'> {
  const url = new URL(location, baseUrl)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'PATCH',
        headers: { ...TUS, origin: baseUrl, cookie: admin.cookie!, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length - offset) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    req.on('error', (error) => (drop ? resolve('dropped') : reject(error)))
    req.write(bytes.subarray(offset, offset + sendBytes), () => {
      if (!drop) return req.end()
      // Let the server write what it received, then cut the connection as a dropped network would.
      setTimeout(() => {
        req.destroy()
        resolve('dropped')
      }, 500)
    })
  })
}

const offsetOf = async (location: string, cookie = admin.cookie!) => {
  const res = await fetch(new URL(location, baseUrl), { method: 'HEAD', headers: { ...TUS, cookie, 'sec-fetch-site': 'same-origin' } })
  return { status: res.status, offset: Number(res.headers.get('upload-offset')), length: Number(res.headers.get('upload-length')) }
}

describe('resumable uploads (tus)', () => {
  it('continues after a dropped connection from the offset the server kept, and becomes a transcoded video', async () => {
    // The test MP4 with some padding after it (a free box's worth of zeros is ignored by decoders): big enough to cut in the middle.
    const mp4 = fs.readFileSync(makeTestMp4())
    const bytes = Buffer.concat([mp4, Buffer.alloc(3 * MB)])
    const created1 = await createUpload(admin.cookie, bytes.length)
    expect(created1.status).toBe(201)
    const location = created1.headers.get('location')!
    expect(location).toMatch(/^\/api\/videos\/tus\/[a-f0-9]{32}$/)

    expect(await patch(location, bytes, 0, { drop: true, sendBytes: Math.floor(bytes.length / 2) })).toBe('dropped')
    const { offset, length } = await offsetOf(location)
    expect(length).toBe(bytes.length)
    expect(offset).toBeGreaterThan(0)
    expect(offset).toBeLessThan(bytes.length)

    const rest = await patch(location, bytes, offset)
    expect(rest).not.toBe('dropped')
    expect(rest !== 'dropped' && rest.status).toBe(204)
    expect(rest !== 'dropped' && Number(rest.headers['upload-offset'])).toBe(bytes.length)

    const title = `Resumed ${Date.now()}`
    const uploadId = location.split('/').pop()!
    const res = await postMultipart([...fields({ title }), { name: 'tusUploadId', value: uploadId }], { cookie: admin.cookie })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    created.push(res.body.id)
    const row = await waitForTranscode(res.body.videoId)
    expect(row.transcode_status).toBe('ready')
    expect(row.duration).toBe('PT2S')
    // Used once: the same upload cannot make a second video.
    const again = await postMultipart([...fields({ title }), { name: 'tusUploadId', value: uploadId }], { cookie: admin.cookie })
    expect(again.status).toBe(404)
    expect(await countVideosTitled(title)).toBe(1)
  })

  it('is for admins only, and each upload for the admin who started it', async () => {
    expect((await createUpload(null, 1000)).status).toBe(401)
    const { client: member } = await registerMember(baseUrl)
    expect((await createUpload(member.cookie, 1000)).status).toBe(403)
    const mine = (await createUpload(admin.cookie, 1000)).headers.get('location')!
    expect((await offsetOf(mine, member.cookie!)).status).toBe(403)
    const res = await fetch(new URL(mine, baseUrl), { method: 'DELETE', headers: { ...TUS, origin: baseUrl, cookie: admin.cookie! } })
    expect(res.status).toBe(204)
  })

  it('refuses an Upload-Length over 500MB, and a finished upload that is not a video', async () => {
    expect((await createUpload(admin.cookie, 500 * MB + 1)).status).toBe(413)
    const text = Buffer.from('Plain text, not a video at all. '.repeat(100))
    const location = (await createUpload(admin.cookie, text.length)).headers.get('location')!
    const done = await patch(location, text, 0)
    expect(done !== 'dropped' && done.status).toBe(400)
    expect(done !== 'dropped' && JSON.parse(done.body)).toEqual({ error: 'Please drop a video file (MP4, MOV, AVI, etc.)' })
    // Removed: nothing to resume, nothing to turn into a video.
    expect((await offsetOf(location)).status).toBe(404)
  })

  it('holds each upload’s lock in PostgreSQL while a request writes to it, and lets a resumed request take over', async () => {
    const bytes = Buffer.concat([fs.readFileSync(makeTestMp4()), Buffer.alloc(2 * MB)])
    const location = (await createUpload(admin.cookie, bytes.length)).headers.get('location')!
    const id = location.split('/').pop()!
    const lockHeld = async () =>
      Number((await sql<{ n: string }>("select count(*) as n from pg_locks where locktype = 'advisory' and classid = $1 and objid = hashtext($2)::oid and granted", [0x7475, id]))[0]!.n)
    expect(await lockHeld()).toBe(0)
    // A client that sent part of its body and went quiet (its network dropped without a reset).
    const url = new URL(location, baseUrl)
    const stalled = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'PATCH',
      headers: { ...TUS, origin: baseUrl, cookie: admin.cookie!, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) },
    })
    stalled.on('error', () => undefined)
    stalled.write(bytes.subarray(0, MB))
    await expect.poll(lockHeld, { timeout: 10_000 }).toBe(1)
    // The client comes back: it asks where the upload stands, the stale request lets go, and it resumes from there.
    await expect.poll(async () => (await offsetOf(location)).offset, { timeout: 15_000 }).toBe(MB)
    const { offset } = await offsetOf(location)
    const rest = await patch(location, bytes, offset)
    expect(rest !== 'dropped' && rest.status).toBe(204)
    stalled.destroy()
    await expect.poll(lockHeld, { timeout: 10_000 }).toBe(0)
    expect(await fetch(new URL(location, baseUrl), { method: 'DELETE', headers: { ...TUS, origin: baseUrl, cookie: admin.cookie! } }).then((r) => r.status)).toBe(204)
  })
})

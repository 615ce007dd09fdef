import http from 'node:http'

import { describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember, uniqueIp } from '../helpers/api-client'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

const MB = 1024 * 1024

/**
 * Streams `totalBytes` of spaces as a chunked body (no Content-Length), as fast as the socket
 * takes them, and stops writing once an answer arrives; counts how much the server let the client
 * send before answering: a server that reads the body whole before checking its size pulls all
 * of it. node:http rather than fetch, which may not read an answer until its upload is done.
 */
function sendChunked(path: string, totalBytes: number, headers: Record<string, string> = {}): Promise<{ status: number; text: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    const url = new URL(path, baseUrl)
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { origin: baseUrl, 'content-type': 'application/json', 'transfer-encoding': 'chunked', 'x-forwarded-for': uniqueIp(), ...headers },
      },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), sent })
          req.destroy()
        })
        res.on('error', reject)
      },
    )
    // Once answered, the server closing the connection on the rest of the body is expected.
    req.on('error', (error) => answered || reject(error))
    const write = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', write)
      }
      if (!answered) req.end()
    }
    write()
  })
}

describe('request bodies are cut off at their route limit while they stream in', () => {
  it('a chunked JSON body past 64 KB is refused with 413 long before it ends', async () => {
    const res = await sendChunked('/api/auth/login', 200 * MB)
    expect(res.status).toBe(413)
    expect(JSON.parse(res.text)).toEqual({ error: 'Request body is too large.' })
    expect(res.sent).toBeLessThan(50 * MB)
  })

  it('Payload’s REST API is bounded too: forgot-password with a huge body is a 413, not a 200', async () => {
    const res = await sendChunked('/cms/api/users/forgot-password', 200 * MB)
    expect(res.status).toBe(413)
    expect(JSON.parse(res.text).error).toBe('Request body is too large.')
    expect(res.sent).toBeLessThan(50 * MB)
  })

  it('a declared Content-Length over the limit is refused before the body is read', async () => {
    const client = new ApiClient(baseUrl)
    const res = await client.request('POST', '/api/comments/1/reactions', 'x'.repeat(65 * 1024 + 1))
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ error: 'Request body is too large.' })
  })

  it('bodies under the limit reach their handler as they were sent (site API and /cms/api)', async () => {
    const { username, password } = await registerMember(baseUrl)
    const padded = `{"username":${JSON.stringify(username)},"password":${JSON.stringify(password)}}` + ' '.repeat(60 * 1024)
    const site = await new ApiClient(baseUrl).request('POST', '/api/auth/login', padded)
    expect(site.status).toBe(200)
    expect(site.body.user.username).toBe(username)
    const chunked = await fetch(`${baseUrl}/cms/api/users/login`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json', 'x-forwarded-for': uniqueIp() },
      body: new Blob([padded]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(200)
    expect(((await chunked.json()) as { user: { username: string } }).user.username).toBe(username)
  })

  it('an admin may upload a large file to the media collection; a visitor may not send one', async () => {
    const adminClient = new ApiClient(baseUrl)
    expect((await adminClient.post('/api/auth/login', admin)).status).toBe(200)
    const sharp = (await import('sharp')).default
    // A noisy picture: several hundred KB as PNG, far over the 64 KB a visitor may send.
    const raw = Buffer.alloc(600 * 600 * 3)
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24
    const png = await sharp(raw, { raw: { width: 600, height: 600, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer()
    expect(png.length).toBeGreaterThan(256 * 1024)
    const upload = (cookie: string | null) => {
      const form = new FormData()
      form.set('file', new Blob([png], { type: 'image/png' }), 'large-upload.png')
      form.set('_payload', JSON.stringify({ alt: 'A large upload' }))
      return fetch(`${baseUrl}/cms/api/media`, {
        method: 'POST',
        body: form,
        headers: { origin: baseUrl, 'x-forwarded-for': uniqueIp(), ...(cookie ? { cookie } : {}) },
      })
    }
    const byVisitor = await upload(null)
    expect(byVisitor.status).toBe(413)
    const byAdmin = await upload(adminClient.cookie)
    expect(byAdmin.status).toBe(201)
    const doc = ((await byAdmin.json()) as { doc: { id: number; filesize: number } }).doc
    expect(doc.filesize).toBe(png.length)
    await adminClient.request('DELETE', `/cms/api/media/${doc.id}`)
  })

  it('TRACE and invented methods answer 405', async () => {
    // fetch refuses to send TRACE: plain node:http does.
    const { request } = await import('node:http')
    for (const method of ['TRACE', 'PROPFIND']) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        request(`${baseUrl}/cms/api/users`, { method }, (res) => {
          res.resume()
          resolve(res.statusCode)
        }).on('error', reject).end()
      })
      expect(status).toBe(405)
    }
  })
})

describe('client addresses behind a proxy (TRUST_PROXY=true: one proxy)', () => {
  it('an address the client wrote into X-Forwarded-For does not escape the per-IP sign-in limit', async () => {
    // The proxy appends the address it saw; what the client put before it is the client's own word.
    const seenByProxy = uniqueIp()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const client = new ApiClient(baseUrl, `198.51.100.${i + 1}, ${seenByProxy}`)
      statuses.push((await client.post('/api/auth/login', { username: `nobody_${i}`, password: 'wrong-password-1' })).status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it('an IPv6 client is one client across its whole /64', async () => {
    const prefix = uniqueIp().replace(/::1$/, '')
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const client = new ApiClient(baseUrl, `${prefix}:${(i + 1).toString(16)}:beef:${i}:1`)
      statuses.push((await client.post('/api/auth/login', { username: `nobody_v6_${i}`, password: 'wrong-password-1' })).status)
    }
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('a member who follows a link from another site arrives signed in', () => {
  /** What a browser sends when a link on another site is clicked (fetch would rewrite the Sec-Fetch headers). */
  const navigateFromElsewhere = async (path: string, cookie: string, dest = 'document') => {
    const { request } = await import('node:http')
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const headers = { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': dest, 'x-forwarded-for': uniqueIp() }
      request(baseUrl + path, { headers }, (res) => {
        let text = ''
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      }).on('error', reject).end()
    })
  }

  it('a top-level navigation sees the member; frames and cross-site writes do not', async () => {
    const { client, username } = await registerMember(baseUrl)
    const cookie = client.cookie!
    const page = await navigateFromElsewhere('/bookmarks', cookie)
    expect(page.status).toBe(200)
    expect(page.text).toContain(username)
    // Another site framing the page gets the visitor's page.
    expect((await navigateFromElsewhere('/', cookie, 'iframe')).text).not.toContain(username)
    const write = await fetch(`${baseUrl}/api/bookmarks`, {
      method: 'POST',
      headers: { cookie, 'x-forwarded-for': uniqueIp(), origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      body: JSON.stringify({ contentType: 'video', contentId: 'x' }),
    })
    expect(write.status).toBe(403)
  })
})

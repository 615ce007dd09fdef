import { describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'

const baseUrl = inject('baseUrl')

async function adminClient() {
  const client = new ApiClient(baseUrl)
  expect((await client.post('/api/auth/login', inject('admin'))).status).toBe(200)
  return client
}

/** Every answer under /api is a clear 4xx with a JSON { error } — never a 500 — whatever the input. */
const expectClientError = (res: { status: number; body: any }, status?: number) => {
  if (status) expect(res.status).toBe(status)
  expect(res.status).toBeGreaterThanOrEqual(400)
  expect(res.status).toBeLessThan(500)
  expect(typeof res.body?.error).toBe('string')
}

describe('hostile input gets a clear 4xx, never a 500', () => {
  it('ids beyond the database integer range are simply not found', async () => {
    const { client } = await registerMember(baseUrl)
    expectClientError(await client.get('/api/profile/2147483648'), 404)
    expectClientError(await client.post('/api/comments/99999999999/like'), 404)
    expectClientError(await client.post('/api/comments/2147483648/reactions', { emoji: '🔥' }), 404)
    expectClientError(await client.request('DELETE', '/api/comments/2147483648'), 404)
    expect((await fetch(`${baseUrl}/profile/2147483648`)).status).toBe(404)
  })

  it('a huge page number is clamped', async () => {
    const res = await new ApiClient(baseUrl).get('/api/videos/CsBlIZ1NAIR/comments?page=99999999999999999999')
    expect(res.status).toBe(200)
    expect(res.body.comments).toEqual([])
  })

  it('NUL bytes in paths and bodies never reach the database', async () => {
    const { client } = await registerMember(baseUrl)
    expectClientError(await client.get('/api/bookmarks/check/video/%00'), 400)
    expectClientError(await client.request('DELETE', '/api/bookmarks/blog_post/abc%00'), 400)
    const bio = await client.request('PUT', '/api/profile', '{"bio":"a\\u0000b and a literal \\\\u0000"}', { 'content-type': 'application/json' })
    expect(bio.status).toBe(200)
    expect(bio.body.bio).toBe('ab and a literal \\u0000')
  })

  it('other control characters are dropped; tabs and line breaks stay', async () => {
    const { client } = await registerMember(baseUrl)
    const bio = await client.request('PUT', '/api/profile', '{"bio":"bell\\u0007 esc\\u001b[31m del\\u007f\\tand\\r\\nlines"}', { 'content-type': 'application/json' })
    expect(bio.status).toBe(200)
    expect(bio.body.bio).toBe('bell esc[31m del\tand\r\nlines')
  })

  it('absurdly nested JSON and unpaired surrogates are handled', async () => {
    const admin = await adminClient()
    const deep = `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`
    expectClientError(await admin.request('POST', '/api/categories', deep, { 'content-type': 'application/json' }), 400)
    const post = await admin.request('POST', '/api/blog-posts', '{"title":"Surrogate \\ud800 title","content":"a\\ud800b","status":"draft"}', { 'content-type': 'application/json' })
    expect(post.status).toBe(201)
    expect(post.body.content).toContain('a\uFFFDb')
    expect((await admin.request('DELETE', `/api/blog-posts/${post.body.id}`)).status).toBe(200)
  })

  it('dates outside sensible years are refused', async () => {
    const admin = await adminClient()
    for (const expiresAt of ['0000-01-01', '0001-01-01', '9999-12-31T23:59:59-23:59']) {
      expectClientError(await admin.post('/api/announcements', { title: 't', content: 'x', expiresAt }), 400)
    }
  })

  it('a media file that is not on disk is a 404, whatever its name', async () => {
    for (const name of ['nope.jpg', '.hidden', 'a%00b.png']) {
      const res = await fetch(`${baseUrl}/cms/api/media/file/${name}`)
      expect(res.status, name).toBe(404)
      expect((await res.json()).error).toBe('Not found.')
    }
    // An escaped slash has no one meaning: refused before any router (server/canonical-path.ts).
    const escaped = await fetch(`${baseUrl}/cms/api/media/file/..%2F..%2Fpayload-secret`)
    expect(escaped.status).toBe(400)
    expect((await escaped.json()).error).toMatch(/Malformed URL/)
  })

  it('unknown endpoints and methods answer JSON', async () => {
    const client = new ApiClient(baseUrl)
    expectClientError(await client.get('/api/does-not-exist'), 404)
    expectClientError(await client.request('PUT', '/api/videos', {}))
    expectClientError(await client.get('/api/comments/1/like'))
  })

  it('parallel deletes of one comment: one succeeds, the others are 404', async () => {
    const admin = await adminClient()
    const posted = await admin.post('/api/videos/CsBlIZ1NAIR/comments', { content: 'To be deleted in a race.' })
    expect(posted.status).toBe(201)
    const results = await Promise.all(Array.from({ length: 8 }, () => admin.request('DELETE', `/api/comments/${posted.body.id}`)))
    const statuses = results.map((r) => r.status)
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true)
    expect(statuses).toContain(200)
  })

  it('a cross-site form post answers JSON too', async () => {
    const { client } = await registerMember(baseUrl)
    const res = await client.request('PUT', '/api/profile', '{"bio":"x"}', { origin: 'http://evil.example', 'content-type': 'text/plain' })
    expectClientError(res, 403)
  })
})

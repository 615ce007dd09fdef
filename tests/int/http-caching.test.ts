// HTTP caching for a CDN or proxy in front (server/http-caching.ts, server/media.ts): visitors'
// pages are shared and revalidated by ETag, members' pages and locked files never are.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { registerMember, type ApiClient } from '../helpers/api-client'
import { ROOT, runLabel } from '../helpers/test-database'
import { asBrowser, createManualVideo, deleteVideo, getFile } from './gate-helpers'
import { baseUrl, premiumMember, signedInAdmin } from './videos-helpers'

const PUBLIC_PAGE = /^public, max-age=0, s-maxage=\d+(, stale-while-revalidate=\d+)?$/
const STRONG_ETAG = /^"[^"]+"$/

const page = (url: string, headers: Record<string, string> = {}) => fetch(baseUrl + url, { headers, redirect: 'manual' })

let admin: ApiClient
beforeAll(async () => {
  admin = await signedInAdmin()
})

describe("visitors' pages", () => {
  it('are public for shared caches, with a strong ETag that a repeat request revalidates to a 304', async () => {
    const url = `/blog?http-caching=${Date.now()}`
    const first = await page(url)
    expect(first.status).toBe(200)
    const body = await first.text()
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toMatch(PUBLIC_PAGE)
    expect(etag).toMatch(STRONG_ETAG)
    expect(first.headers.get('vary')).toMatch(/\bcookie\b/i)

    // The kept copy (the page cache) carries the same validator as the render it came from.
    const again = await page(url)
    expect(again.headers.get('x-page-cache')).toBe('hit')
    expect(again.headers.get('etag')).toBe(etag)
    expect(await again.text()).toBe(body)

    const revalidated = await page(url, { 'if-none-match': etag })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    expect(revalidated.headers.get('etag')).toBe(etag)
    expect(revalidated.headers.get('cache-control')).toBe(first.headers.get('cache-control'))
  })

  it("gets a new ETag when the page's content changes, and a full page for the old one", async () => {
    const list = await admin.get('/cms/api/posts?limit=1&where[status][equals]=published&depth=0')
    const post = list.body.docs[0] as { id: number; slug: string; title: string }
    const url = `/post/${post.slug}`
    const before = await page(url)
    const etag = before.headers.get('etag')!
    expect(etag).toMatch(STRONG_ETAG)
    const title = `${post.title} (edited ${Date.now()})`
    try {
      expect((await admin.patch(`/cms/api/posts/${post.id}`, { title })).status).toBe(200)
      const after = await page(url, { 'if-none-match': etag })
      expect(after.status).toBe(200)
      expect(after.headers.get('etag')).toMatch(STRONG_ETAG)
      expect(after.headers.get('etag')).not.toBe(etag)
      expect(await after.text()).toContain(title.replace(/&/g, '&amp;'))
    } finally {
      await admin.patch(`/cms/api/posts/${post.id}`, { title: post.title })
    }
  })
})

describe("members' pages", () => {
  it("are private and never answered from a visitor's validator", async () => {
    const url = `/blog?http-caching-member=${Date.now()}`
    const visitorCopy = await page(url)
    const etag = visitorCopy.headers.get('etag')!
    expect(etag).toMatch(STRONG_ETAG)
    const { client, username } = await registerMember(baseUrl)
    const res = await page(url, { cookie: client.cookie!, 'sec-fetch-site': 'same-origin', 'if-none-match': etag })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('etag')).toBeNull()
    expect(await res.text()).toContain(username)
  })
})

describe('media', () => {
  let premium: Awaited<ReturnType<typeof createManualVideo>>
  let free: Awaited<ReturnType<typeof createManualVideo>>
  const mediaDir = path.join(ROOT, '.data/test', `${runLabel('int')}-files`, 'media')
  beforeAll(async () => {
    premium = await createManualVideo(admin, { isPremium: true })
    free = await createManualVideo(admin, { isPremium: false })
  })
  afterAll(async () => {
    await deleteVideo(admin, premium.id)
    await deleteVideo(admin, free.id)
    rmSync(path.join(mediaDir, 'videos', free.videoId), { recursive: true, force: true })
  })

  it("keeps a premium video's file to its member's own browser, as before", async () => {
    const refused = await getFile(premium.file)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('cache-control')).toBe('no-store')
    const { client } = await premiumMember()
    const served = await getFile(premium.file, asBrowser(client.cookie, { range: 'bytes=0-99' }))
    expect(served.status).toBe(206)
    expect(served.headers.get('cache-control')).toBe('private, no-cache')
    expect(served.headers.get('vary')).toMatch(/\bcookie\b/i)
  })

  it("marks a free video's HLS segments immutable, with Range and ETag as for any file", async () => {
    const segment = path.join(mediaDir, 'videos', free.videoId, 'hls', '720p', 'seg-000.ts')
    mkdirSync(path.dirname(segment), { recursive: true })
    writeFileSync(segment, Buffer.alloc(4096, 0x47))
    writeFileSync(path.join(path.dirname(segment), 'index.m3u8'), '#EXTM3U\n#EXT-X-ENDLIST\n')
    const url = `/media/videos/${free.videoId}/hls/720p/seg-000.ts`
    const whole = await getFile(url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const ranged = await getFile(url, { range: 'bytes=0-99' })
    expect(ranged.status).toBe(206)
    expect(ranged.body.length).toBe(100)
    // fetch() adds `Cache-Control: no-cache` to a conditional request unless told otherwise.
    expect((await getFile(url, { 'if-none-match': whole.headers.get('etag')!, 'cache-control': 'max-age=0' })).status).toBe(304)
    // The playlist beside it is not immutable (a master playlist is rewritten when captions change).
    expect((await getFile(`/media/videos/${free.videoId}/hls/720p/index.m3u8`)).headers.get('cache-control')).toBe('public, max-age=2592000')
  })
})

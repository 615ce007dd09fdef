import type { AddressInfo } from 'node:net'

import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createHttpCaching, isShareablePage, isVisitorPageRequest, matchesIfNoneMatch, publicPageCacheControl, strongEtag } from './http-caching'
import { createPageCache } from './page-cache'
import { siteLocalsOf } from './page-views'

describe('publicPageCacheControl', () => {
  const now = Date.UTC(2026, 0, 1)
  it('lets shared caches keep the page for the TTL and browsers revalidate it', () => {
    expect(publicPageCacheControl(10, null, now)).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60')
  })
  it('keeps no copy past the moment the page changes by itself', () => {
    expect(publicPageCacheControl(10, now + 30_000, now)).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=20')
    expect(publicPageCacheControl(10, now + 4_500, now)).toBe('public, max-age=0, s-maxage=4')
  })
  it('is not shareable with no TTL, at the moment of change, or when that moment cannot be told', () => {
    expect(publicPageCacheControl(0, null, now)).toBeNull()
    expect(publicPageCacheControl(10, now + 500, now)).toBeNull()
    expect(publicPageCacheControl(10, Number.NEGATIVE_INFINITY, now)).toBeNull()
  })
})

describe('strongEtag and matchesIfNoneMatch', () => {
  const etag = strongEtag(Buffer.from('<p>hello</p>'))
  it('is a quoted, strong tag that changes with any byte', () => {
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/)
    expect(strongEtag(Buffer.from('<p>hello</p>'))).toBe(etag)
    expect(strongEtag(Buffer.from('<p>hellO</p>'))).not.toBe(etag)
  })
  it('matches the tag in a list, weakly compared, or a star', () => {
    expect(matchesIfNoneMatch(etag, etag)).toBe(true)
    expect(matchesIfNoneMatch(`"other", W/${etag}`, etag)).toBe(true)
    expect(matchesIfNoneMatch('*', etag)).toBe(true)
    expect(matchesIfNoneMatch('"other"', etag)).toBe(false)
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false)
  })
})

describe('which pages may be shared', () => {
  const read = { method: 'GET', path: '/blog', preview: false }
  it('takes visitors’ page reads only', () => {
    expect(isVisitorPageRequest(read)).toBe(true)
    expect(isVisitorPageRequest({ ...read, cookie: 'theme=dark' })).toBe(true)
    expect(isVisitorPageRequest({ ...read, cookie: 'theme=dark; payload-token=abc' })).toBe(false)
    expect(isVisitorPageRequest({ ...read, method: 'POST' })).toBe(false)
    expect(isVisitorPageRequest({ ...read, path: '/api/videos' })).toBe(false)
    expect(isVisitorPageRequest({ ...read, preview: true })).toBe(false)
  })
  it('shares whole HTML pages that set no cookie and no Cache-Control of their own', () => {
    const page = { status: 200, contentType: 'text/html; charset=utf-8', setCookie: false, cacheControl: '' }
    expect(isShareablePage(page)).toBe(true)
    expect(isShareablePage({ ...page, status: 404 })).toBe(false)
    expect(isShareablePage({ ...page, contentType: 'application/json' })).toBe(false)
    expect(isShareablePage({ ...page, setCookie: true })).toBe(false)
    expect(isShareablePage({ ...page, cacheControl: 'private, no-store' })).toBe(false)
  })
})

describe('createHttpCaching in front of the page cache', () => {
  let version = 0
  let base = ''
  let close = () => {}
  beforeAll(async () => {
    const app = express()
    app.use(createHttpCaching(10))
    app.use(createPageCache(10))
    // Astro's way of answering: the head with its headers, then the body in chunks.
    app.get('/page', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.write('<p>version ')
      res.end(`${version}</p>`)
    })
    app.get('/expiring', (_req, res) => {
      siteLocalsOf(res).changesAt = Date.now() + 5500
      res.type('html').send('<p>until the notice expires</p>')
    })
    app.get('/private', (_req, res) => void res.set('cache-control', 'private, no-store').type('html').send('<p>mine</p>'))
    app.get('/missing', (_req, res) => void res.status(404).type('html').send('<p>not here</p>'))
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers })

  it('answers a matching If-None-Match with a 304, for a fresh render and a kept page alike', async () => {
    const fresh = await get('/page?a')
    expect(fresh.headers.get('x-page-cache')).toBeNull()
    const body = await fresh.text()
    const etag = fresh.headers.get('etag')!
    expect(etag).toBe(strongEtag(Buffer.from(body)))
    expect(fresh.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60')
    expect(fresh.headers.get('vary')).toMatch(/cookie/i)

    const kept = await get('/page?a', { 'if-none-match': etag })
    expect(kept.headers.get('x-page-cache')).toBe('hit')
    expect(kept.status).toBe(304)
    expect(kept.headers.get('etag')).toBe(etag)
    expect(await kept.text()).toBe('')

    const other = await get('/page?b', { 'if-none-match': etag })
    expect(other.status).toBe(304) // rendered now, same bytes
    version = 1
    const changed = await get('/page?c', { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toBe('<p>version 1</p>')
  })

  it('lets no shared cache keep a page past the moment it changes by itself, kept or rendered', async () => {
    const fresh = await get('/expiring')
    expect(fresh.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5')
    const kept = await get('/expiring')
    expect(kept.headers.get('x-page-cache')).toBe('hit')
    expect(kept.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5')
  })

  it('keeps members’ requests, errors and pages of their own out of shared caches', async () => {
    const member = await get('/page?a', { cookie: 'payload-token=abc' })
    expect(member.headers.get('cache-control')).toBe('private, no-store')
    expect(member.headers.get('etag')).toBeNull()
    expect((await get('/private')).headers.get('cache-control')).toBe('private, no-store')
    const missing = await get('/missing')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('private, no-store')
  })
})

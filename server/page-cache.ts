import type { NextFunction, Request, Response } from 'express'

import { HtmlStore, keptUntil } from './html-store'
import { strongEtag } from './http-caching'
import { siteLocalsOf } from './page-views'

export type StoredHeaders = Record<string, string | string[]>
/** `changesAt`: the page's own (its locals'), handed on with every copy served (server/http-caching.ts). */
type Entry = { headers: StoredHeaders; body: Buffer; changesAt: number | null }

/** A request that carries a session cookie (its page may be a member's). */
export const SESSION_COOKIE = /(?:^|;\s*)payload-token=/
const MAX_ENTRIES = 500
/** What the stored pages may hold in all by default (oldest go first), and what one page may. */
const MAX_BYTES = 24 * 1024 * 1024
const MAX_BODY_BYTES = 1024 * 1024

/**
 * A few seconds of memory for the HTML that visitors (no session cookie) get, so a burst of
 * traffic renders each page once. Members' pages are not stored here: their header is theirs
 * (server/member-page-cache.ts keeps what they share with their audience).
 * Content changes clear everything at once (cms/hooks/page-cache.ts); the TTL bounds what
 * changes without a hook (view counts). PAGE_CACHE_SECONDS=0 turns it off. A page whose
 * rendering began before a clear is not stored: it may show what the change replaced.
 *
 * `nextChange`: when what pages show changes on its own (epoch ms; the next early-access opening,
 * cms/services/premium-gate/cache.ts). No page is kept past it, so none serves the old lock then;
 * nor past the time a page says it changes by itself (`changesAt` in its locals: an announcement's expiry).
 */
export function createPageCache(
  ttlSeconds = Number(process.env.PAGE_CACHE_SECONDS ?? 10),
  { nextChange, maxBytes = MAX_BYTES }: { nextChange?: () => Promise<number | null>; maxBytes?: number } = {},
) {
  const store = new HtmlStore<Entry>({ maxEntries: MAX_ENTRIES, maxBytes })
  const ttl = Math.max(0, ttlSeconds) * 1000

  return async function pageCache(req: Request, res: Response, next: NextFunction) {
    if (ttl === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    if (req.path.startsWith('/api/') || SESSION_COOKIE.test(req.headers.cookie ?? '')) return next()
    // A post preview (a draft behind a signed link) is never stored nor served from here.
    if (req.query.preview !== undefined) return next()
    const key = req.originalUrl
    const hit = store.get(key)
    if (hit) {
      res.status(200)
      siteLocalsOf(res).changesAt = hit.changesAt
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value)
      res.setHeader('x-page-cache', 'hit')
      return req.method === 'HEAD' ? res.end() : res.end(hit.body)
    }
    if (req.method === 'HEAD') return next()

    const renderedFrom = store.generation
    // Read before rendering: a page rendered from data read now is stale from this moment on.
    const changesAt = nextChange ? await nextChange().catch(() => Number.NEGATIVE_INFINITY) : null
    const chunks: Buffer[] = []
    let size = 0
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      size += buf.length
      if (size <= MAX_BODY_BYTES) chunks.push(buf)
    }
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0])
      return write(chunk, ...rest)
    }) as Response['write']
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0])
      const type = String(res.getHeader('content-type') ?? '')
      const cacheControl = String(res.getHeader('cache-control') ?? '')
      if (res.statusCode === 200 && type.startsWith('text/html') && !res.getHeader('set-cookie') && !/private|no-store/.test(cacheControl) && size <= MAX_BODY_BYTES) {
        const body = Buffer.concat(chunks)
        // Its validator, hashed once for every time it is served (server/http-caching.ts sends it).
        const etag = strongEtag(body)
        if (!res.headersSent) res.setHeader('etag', etag)
        const ownChange = siteLocalsOf(res).changesAt ?? null
        const expires = keptUntil(ttl, changesAt, ownChange)
        store.set(key, { headers: { ...storedHeaders(res), etag }, body, changesAt: ownChange }, { bytes: body.length, expires, renderedFrom })
      }
      return end(chunk, ...rest)
    }) as Response['end']
    next()
  }
}

/** A response's headers as kept with its body (the length and encoding are the sender's each time). */
export function storedHeaders(res: Response): StoredHeaders {
  const headers: StoredHeaders = {}
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined && name !== 'content-length' && name !== 'content-encoding' && name !== 'vary') headers[name] = typeof value === 'number' ? String(value) : value
  }
  return headers
}

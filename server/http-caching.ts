import { createHash } from 'node:crypto'

import type { NextFunction, Request, Response } from 'express'

import { SESSION_COOKIE } from './page-cache'
import { siteLocalsOf } from './page-views'

/** What shared caches may hold only for the one client it was made for: never stored anywhere. */
export const NOT_SHARED = 'private, no-store'
/**
 * How long past its freshness a shared cache may still answer with a visitor's page while it
 * fetches the new one: a burst after expiry costs one render, not a render per request.
 */
export const STALE_WHILE_REVALIDATE_SECONDS = 60

/**
 * The Cache-Control of a visitor's page rendered `now`: shared caches (a CDN, nginx) keep it for
 * `ttlSeconds`, browsers revalidate it every time (max-age=0; the ETag makes that a 304). Never
 * past `changesAt` (epoch ms: the next early-access opening, an announcement's expiry), so no
 * cache shows the old lock or notice then; null (not shareable) when that moment has come or
 * cannot be told (-Infinity), or when the TTL is 0.
 */
export function publicPageCacheControl(ttlSeconds: number, changesAt: number | null = null, now = Date.now()): string | null {
  const untilChange = changesAt === null ? Number.POSITIVE_INFINITY : Math.floor((changesAt - now) / 1000)
  const fresh = Math.min(Math.floor(ttlSeconds), untilChange)
  if (!(fresh > 0)) return null
  const stale = Math.min(STALE_WHILE_REVALIDATE_SECONDS, untilChange - fresh)
  return `public, max-age=0, s-maxage=${fresh}${stale > 0 ? `, stale-while-revalidate=${stale}` : ''}`
}

/** A strong validator of exactly these bytes (RFC 9110 §8.8.3). */
export const strongEtag = (body: Uint8Array) => `"${createHash('sha256').update(body).digest('base64url')}"`

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 §13.1.2 asks) or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}

/** The request parts that decide whether a page may be shared between clients. */
export type PageRequest = { method: string; path: string; cookie?: string; preview: boolean }
/** The response parts that decide it, as the page left them. */
export type PageResponse = { status: number; contentType: string; setCookie: boolean; cacheControl: string }

/** A visitor's read of a page: no session cookie (its page may be a member's), not the JSON API, not a draft preview. */
export const isVisitorPageRequest = ({ method, path, cookie, preview }: PageRequest) =>
  (method === 'GET' || method === 'HEAD') && !path.startsWith('/api/') && !SESSION_COOKIE.test(cookie ?? '') && !preview

/**
 * Only a whole HTML page that nobody made personal may be shared: no cookie set, no
 * Cache-Control of its own (admin, live, previews and error pages set `private`/`no-store`).
 */
export const isShareablePage = ({ status, contentType, setCookie, cacheControl }: PageResponse) =>
  status === 200 && contentType.startsWith('text/html') && !setCookie && cacheControl === ''

/**
 * HTTP caching of pages, for a CDN or proxy in front of one or more processes (deploy/nginx.conf).
 *
 * A visitor's page (isVisitorPageRequest, isShareablePage) gets publicPageCacheControl, a strong
 * ETag of its bytes (the page cache's own when it served a kept page, else computed here) and a
 * 304 for a matching If-None-Match, whether it was kept (server/page-cache.ts) or rendered now.
 * Its response is held until it ends to hash it (visitors' pages are not streamed). The tag names
 * the bytes before compression, so the gzip and plain copies share it; both decode to those bytes,
 * which is what a revalidating browser or CDN keeps.
 *
 * `Vary: Cookie` on shared pages: a member's request carries the session cookie, so a cache that
 * honours Vary keys it apart from the visitor's copy and goes to the server, which answers
 * `private, no-store`. That is the safe default; it costs hit rate for visitors with other cookies
 * (each cookie string is its own entry), which is why the CDN should also *bypass* its cache when
 * `payload-token` is present and may then leave other cookies out of its key. Varying on nothing
 * would let a CDN without that rule hand a visitor's copy to a member (no account menu, a lock the
 * member should not see, or worse once pages carry more).
 *
 * Every other page response without a Cache-Control of its own (members', errors, redirects,
 * pages with Set-Cookie, anything while PAGE_CACHE_SECONDS=0) is `private, no-store`: a CDN's
 * default TTL must not apply to it.
 */
export function createHttpCaching(
  ttlSeconds = Number(process.env.PAGE_CACHE_SECONDS ?? 10),
  { nextChange }: { nextChange?: () => Promise<number | null> } = {},
) {
  return async function httpCaching(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    if (req.path.startsWith('/api/')) return next()
    const visitor = ttlSeconds > 0 && isVisitorPageRequest({ method: req.method, path: req.path, cookie: req.headers.cookie, preview: req.query.preview !== undefined })
    if (!visitor) {
      onHead(res, () => {
        if (!res.getHeader('cache-control')) res.setHeader('cache-control', NOT_SHARED)
      })
      return next()
    }
    // Read before rendering: a page rendered from data read now is stale from that moment on.
    const changesAt = nextChange ? await nextChange().catch(() => Number.NEGATIVE_INFINITY) : null
    holdUntilEnd(res, {
      // Decided once the page's head is known: a page that will not be shared streams as before.
      share: () => {
        const shareable = isShareablePage({
          status: res.statusCode,
          contentType: String(res.getHeader('content-type') ?? ''),
          setCookie: res.getHeader('set-cookie') !== undefined,
          cacheControl: String(res.getHeader('cache-control') ?? ''),
        })
        const ownChange = siteLocalsOf(res).changesAt ?? null
        const cacheControl = shareable ? publicPageCacheControl(ttlSeconds, earliest(changesAt, ownChange)) : null
        if (!cacheControl && !res.getHeader('cache-control')) res.setHeader('cache-control', NOT_SHARED)
        return cacheControl
      },
      send: (cacheControl, body) => {
        res.setHeader('cache-control', cacheControl)
        res.vary('Cookie')
        const etag = res.getHeader('etag') ? String(res.getHeader('etag')) : body.length > 0 ? strongEtag(body) : null
        if (etag) res.setHeader('etag', etag)
        if (etag && matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
          res.statusCode = 304
          res.removeHeader('content-length')
          return null
        }
        return body
      },
    })
    next()
  }
}

const earliest = (...times: (number | null)[]) => {
  const known = times.filter((time): time is number => time !== null)
  return known.length ? Math.min(...known) : null
}

/** The headers passed to writeHead, as set headers (so getHeader sees them before the head goes out). */
function adoptWriteHeadArgs(res: Response, args: unknown[]) {
  if (typeof args[0] === 'string') args.shift() // a status message
  const headers = args.find((value) => value !== null && typeof value === 'object')
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string)
  } else if (headers) {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value as string | string[])
  }
}

/** Runs `listener` just before the head goes out, explicitly (writeHead) or with the first write. */
function onHead(res: Response, listener: () => void) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response
  let fired = false
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (!fired) {
      fired = true
      res.statusCode = status
      adoptWriteHeadArgs(res, rest)
      listener()
    }
    return writeHead(res.statusCode)
  }) as Response['writeHead']
}

/**
 * Holds the response from its head on: `share()` says, once the head is known, whether it will be
 * sent with that Cache-Control (null: it goes out untouched, streamed); if so the body is kept
 * and `send(cacheControl, body)` gives what goes out instead (null: no body).
 */
function holdUntilEnd(res: Response, { share, send }: { share: () => string | null; send: (cacheControl: string, body: Buffer) => Buffer | null }) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  let decision: string | null | undefined
  const chunks: Buffer[] = []
  const release = () => {
    res.writeHead = writeHead as Response['writeHead']
    res.write = write as Response['write']
    res.end = end as Response['end']
  }
  const decide = () => {
    if (decision !== undefined) return decision
    decision = share()
    if (decision === null) release()
    return decision
  }
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return
    chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array))
  }
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.statusCode = status
    adoptWriteHeadArgs(res, rest)
    if (decide() === null) return writeHead(res.statusCode)
    return res
  }) as Response['writeHead']
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (decide() === null) return write(chunk, ...rest)
    keep(chunk, rest[0])
    const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined
    callback?.()
    return true
  }) as Response['write']
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const cacheControl = decide()
    if (cacheControl === null) return end(chunk, ...rest)
    keep(chunk, rest[0])
    release()
    const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined
    const body = send(cacheControl, Buffer.concat(chunks))
    // No bytes held (a HEAD answered from the page cache): ended as it was, its length left to Node.
    const out = body && body.length > 0 ? [body] : []
    return callback ? end(...out, callback) : end(...out)
  }) as Response['end']
}

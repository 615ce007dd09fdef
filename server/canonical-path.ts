import type { NextFunction, Request, Response } from 'express'

/**
 * One URL, one meaning. Express routes (and so every guard) match the path as sent, while Next.js,
 * Payload and Astro resolve dot segments and decode percent-escapes before they route: `/cms/./api`,
 * `/cms/x/../api` and `/cms/api/payload%2Dpreferences` reach Payload's REST API past guards
 * written for `/cms/api/payload-preferences`. So a path is put in its one plain spelling here,
 * before any router or guard, and a request that does not use it is not routed at all:
 *
 * - reads of pages (GET, HEAD) are redirected (308) to the plain spelling, which then passes every
 *   guard like any other request: an old or hand-typed link still works;
 * - the JSON APIs (`/api`, `/cms/api`) and every other method are refused (400 `{ error }`): no
 *   client of ours sends such a path, and a redirect would only invite a second try;
 * - a backslash or an encoded slash or backslash is refused whatever the method: servers and
 *   browsers disagree on whether it separates segments, so it has no one meaning to redirect to.
 */

/** `%XX` escapes of characters that never need one (RFC 3986 unreserved: letters, digits, `-._~`). */
const ESCAPED_UNRESERVED = /%(?:3[0-9]|4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|2[de]|5f|7e)/gi
const AMBIGUOUS_SEPARATOR = /\\|%2f|%5c/i

export type PathVerdict = { kind: 'plain' } | { kind: 'respell'; path: string } | { kind: 'refuse' }

/** The plain spelling of a raw request path (no query): escapes of unreserved characters decoded, empty and dot segments removed. */
export function canonicalPath(raw: string): PathVerdict {
  if (!raw.startsWith('/') || AMBIGUOUS_SEPARATOR.test(raw)) return { kind: 'refuse' }
  const decoded = raw.replace(ESCAPED_UNRESERVED, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)))
  const segments = decoded.split('/').slice(1)
  const out: string[] = []
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1
    if (segment === '..') out.pop()
    // A trailing `.`/`..` leaves the folder itself (`/a/b/..` is `/a/`), as URL resolution does.
    if (segment === '.' || segment === '..') {
      if (last) out.push('')
      return
    }
    // `//`: an empty segment, which Next.js would redirect away and Express routes would not match.
    if (segment === '' && !last) return
    out.push(segment)
  })
  const path = `/${out.join('/')}`
  return path === raw ? { kind: 'plain' } : { kind: 'respell', path }
}

/** Paths answered with JSON: a spelling there is refused, never redirected. */
const isApiPath = (path: string) => /^\/(?:cms\/)?api(?:\/|$)/i.test(path)

const MALFORMED = 'Malformed URL: send the path in its plain form (no dot segments, empty segments, backslashes or needless percent-escapes).'

/**
 * A Host header that is a host name or address and an optional port, nothing else (no `user@`,
 * path or space). Underscores pass: container names behind a proxy may have them.
 */
const PLAIN_HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i
export const isPlainHost = (host: string | undefined) => host === undefined || PLAIN_HOST.test(host)

const BAD_HOST = 'Bad Host header.'

/**
 * The first middleware: every router and guard after it sees only plain paths (see above), and
 * Astro, which builds each request's URL from the Host header, only hosts it can parse (pages take
 * their absolute links from SERVER_URL, never from the Host).
 */
export function plainPaths(req: Request, res: Response, next: NextFunction) {
  if (!isPlainHost(req.headers.host)) {
    res.set('cache-control', 'no-store')
    return void res.status(400).json({ errors: [{ message: BAD_HOST }], error: BAD_HOST })
  }
  const [raw = '', query] = req.url.split(/\?(.*)/s)
  const verdict = canonicalPath(raw)
  if (verdict.kind === 'plain') return next()
  res.set('cache-control', 'no-store')
  if (verdict.kind === 'respell' && (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(verdict.path)) {
    return res.redirect(308, query === undefined ? verdict.path : `${verdict.path}?${query}`)
  }
  res.status(400).json({ errors: [{ message: MALFORMED }], error: MALFORMED })
}

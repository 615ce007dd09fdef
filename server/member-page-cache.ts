import type { NextFunction, Request, Response } from 'express'
import type { Payload } from 'payload'

import type { User } from '../cms/payload-types'
import { resolveSessionUser, toSessionUser } from '../cms/services/auth/session-user'
import { cacheAudience } from '../cms/services/cache/audience'
import { memberPartsVersion } from '../cms/services/cache/member-parts'
import { awardDailyLogin } from '../cms/services/points/daily-login'
import { parseParts, parseShell, scriptsOfSegments, splice, type PartSpec, type RenderedPart } from '../site/lib/member-parts'
import { HtmlStore, keptUntil } from './html-store'
import { SESSION_COOKIE, storedHeaders, type StoredHeaders } from './page-cache'
import { siteLocalsOf } from './page-views'
import { requestSessionUser } from './request-user'
import { logger } from './logger'

/** A kept page: its segments around the parts, each part's spec and key (kind and args), the scripts before each part. */
type Shell = { segments: string[]; parts: PartSpec[]; partKeys: string[]; scripts: string[][]; headers: StoredHeaders }
const PARTS_PATH = '/member-parts'
/** The pages that may set `shareableShell` (the others are rendered whole and streamed, unbuffered). */
const SHAREABLE_PATHS = /^\/(?:|blog|vlog|categories|post\/[^/]+|video\/[^/]+)\/?$/
const MAX_ENTRIES = 500
const MAX_BYTES = 24 * 1024 * 1024
const MAX_PAGE_BYTES = 1024 * 1024
const MAX_PARTS = 20_000
const MAX_PARTS_BYTES = 16 * 1024 * 1024

/** The locals Astro gets for this request (server/app.ts), with what this cache hands the site. */
type Locals = Omit<ReturnType<typeof siteLocalsOf>, 'user'> & { user?: ReturnType<typeof toSessionUser> | null; memberShell?: boolean; shareableShell?: boolean; memberParts?: PartSpec[] }

/**
 * Members' pages as cheap as visitors': the HTML of a page that is the same for everyone of an
 * audience (member, moderator, premium, premium-moderator; admins are never cached) is kept as a
 * shell for PAGE_CACHE_SECONDS, and each member gets it with their own parts (site/lib/member-parts.ts:
 * the account menu, bookmark state, comments, the Premium greeting, their time zone) put in. Parts
 * are rendered by /member-parts and kept per member under a key of everything they show: the
 * member's row as their session carries it, and a counter their bookmarks, likes, reactions and
 * votes move (cms/services/cache/member-parts.ts). A page takes part by setting `shareableShell`
 * in its locals; any other page is rendered whole, as before.
 *
 * The shell is cut from a whole render for the first member to ask, in which the parts are marked.
 * A shell that still names that member (their username or email outside the parts) is not kept:
 * it would show them to others. Clearing, bounds and early-access openings as for visitors' pages
 * (server/page-cache.ts).
 */
export function createMemberPageCache(
  payload: Payload,
  ttlSeconds = Number(process.env.PAGE_CACHE_SECONDS ?? 10),
  { nextChange, maxBytes = MAX_BYTES }: { nextChange?: () => Promise<number | null>; maxBytes?: number } = {},
) {
  const store = new HtmlStore<Shell>({ maxEntries: MAX_ENTRIES, maxBytes })
  // Members' own parts, kept under a key of everything they show (see serveShell).
  const parts = new HtmlStore<RenderedPart>({ maxEntries: MAX_PARTS, maxBytes: MAX_PARTS_BYTES })
  const ttl = Math.max(0, ttlSeconds) * 1000

  /** The kept page with the member's parts: those kept for them as they are now, the others rendered by /member-parts. */
  async function serveShell(shell: Shell, key: string, sessionUser: User, req: Request, res: Response, next: NextFunction, locals: Locals) {
    // What the site's middleware does for every signed-in request: Premium that ran out ends,
    // the day's login bonus (its points are in the parts' key below, so they show at once).
    let user = (await resolveSessionUser(payload, sessionUser)).authUser
    if ((await awardDailyLogin(payload, user)).pointsAwarded > 0) user = (await requestSessionUser(payload, req)) ?? user
    const member = toSessionUser(user)
    locals.user = member
    const version = `${user.id}\n${memberPartsVersion(user.id)}\n${user.timeZone ?? ''}\n${JSON.stringify(member)}`
    const partKeys = shell.partKeys.map((partKey) => `${version}\n${partKey}`)
    const rendered: (RenderedPart | undefined)[] = partKeys.map((partKey) => parts.get(partKey))
    const missing = rendered.flatMap((part, i) => (part ? [] : [i]))
    const send = (body: string) => {
      for (const name of res.getHeaderNames()) if (name !== 'set-cookie') res.removeHeader(name)
      for (const [name, value] of Object.entries(shell.headers)) res.setHeader(name, value)
      res.setHeader('x-member-shell', 'hit')
      res.statusCode = 200
      return body
    }
    if (missing.length === 0) {
      res.end(send(splice(shell, rendered as RenderedPart[], shell.scripts)))
      return
    }

    const renderedFrom = parts.generation
    const url = req.url
    locals.memberParts = missing.map((i) => shell.parts[i]!)
    req.url = PARTS_PATH
    bufferResponse(res, (body) => {
      req.url = url
      const fresh = res.statusCode === 200 ? parseParts(body.toString('utf8'), missing.length) : null
      if (!fresh) {
        // The parts did not render (the session ended meanwhile, an error): the page is rendered
        // whole on the next request, this one is sent there.
        store.delete(key)
        logger.warn({ path: req.path, status: res.statusCode }, 'member parts did not render; the page is rendered whole instead')
        for (const name of res.getHeaderNames()) if (name !== 'set-cookie') res.removeHeader(name)
        res.statusCode = 302
        res.setHeader('location', req.originalUrl)
        res.setHeader('cache-control', 'no-store')
        return ''
      }
      const expires = keptUntil(ttl)
      fresh.forEach((part, j) => {
        const i = missing[j]!
        rendered[i] = part
        parts.set(partKeys[i]!, part, { bytes: (part.content.length + part.scripts.join('').length) * 2, expires, renderedFrom })
      })
      return send(splice(shell, rendered as RenderedPart[], shell.scripts))
    })
    next()
  }

  return async function memberPageCache(req: Request, res: Response, next: NextFunction) {
    if (ttl === 0 || req.method !== 'GET' || !SHAREABLE_PATHS.test(req.path)) return next()
    if (!SESSION_COOKIE.test(req.headers.cookie ?? '') || req.query.preview !== undefined) return next()
    const user = await requestSessionUser(payload, req)
    const audience = user ? cacheAudience(user) : null
    if (!user || !audience || audience === 'visitor') return next()

    const locals = siteLocalsOf(res) as Locals
    // Not the Host: pages build their links from SERVER_URL, the same whatever host was asked.
    const key = `${audience} ${req.originalUrl}`
    const shell = store.get(key)
    if (shell) return serveShell(shell, key, user, req, res, next, locals)

    // Rendered whole for this member, parts marked: the member gets the page, the audience the shell.
    const renderedFrom = store.generation
    const changesAt = nextChange ? await nextChange().catch(() => Number.NEGATIVE_INFINITY) : null
    locals.memberShell = true
    bufferResponse(res, (body) => {
      const html = body.toString('utf8')
      const parsed = html.includes('<!--vj-part:') ? parseShell(html) : null
      if (!parsed) return body
      const type = String(res.getHeader('content-type') ?? '')
      if (res.statusCode === 200 && type.startsWith('text/html') && locals.shareableShell && !res.getHeader('set-cookie') && body.length <= MAX_PAGE_BYTES) {
        const shareable = parsed.segments.join('')
        if (namesMember(shareable, user)) {
          logger.debug({ path: req.path, userId: user.id }, 'member page not kept: it names its member outside the member parts')
        } else {
          const partKeys = parsed.parts.map((part) => `${part.kind}\n${JSON.stringify(part.args)}`)
          const kept: Shell = { segments: parsed.segments, parts: parsed.parts, partKeys, scripts: scriptsOfSegments(parsed.segments), headers: storedHeaders(res) }
          const expires = keptUntil(ttl, changesAt, locals.changesAt)
          store.set(key, kept, { bytes: shareable.length * 2, expires, renderedFrom })
        }
      }
      return parsed.page
    })
    next()
  }
}

/** Whether the member's own name or email shows in `html` (as a whole word). */
function namesMember(html: string, user: { username?: string | null; email?: string | null }): boolean {
  return [user.username, user.email].some((value) => {
    if (!value) return false
    const at = html.indexOf(value)
    if (at === -1) return false
    const word = new RegExp(`(^|[^\\w@.-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w@.-])`)
    return word.test(html)
  })
}

/**
 * Holds a response's head and body until it ends, then sends `transform(body)` in their place
 * (what compression and the rest of the chain see is that one body).
 */
function bufferResponse(res: Response, transform: (body: Buffer) => Buffer | string) {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response
  const chunks: Buffer[] = []
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return
    chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array))
  }
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    res.statusCode = status
    const headers = rest.find((value) => value !== null && typeof value === 'object') as Record<string, unknown> | undefined
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value as string | string[])
    return res
  }) as Response['writeHead']
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0])
    const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined
    callback?.()
    return true
  }) as Response['write']
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0])
    res.write = write as Response['write']
    res.end = end as Response['end']
    res.writeHead = writeHead as Response['writeHead']
    let body: Buffer | string
    try {
      body = transform(Buffer.concat(chunks))
    } catch (error) {
      logger.error({ err: error }, 'member page could not be put together')
      body = Buffer.concat(chunks)
    }
    res.removeHeader('content-length')
    const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined
    return callback ? end(body, callback) : end(body)
  }) as Response['end']
}

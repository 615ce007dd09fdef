import { readdirSync } from 'node:fs'
import path from 'node:path'

import { writeResponse } from 'astro/app/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'

import { isDatabaseUnavailable } from '../cms/services/db/unavailable'
import { databaseUnavailableResponse } from '../site/lib/http'
import { readAnnouncementList, readCategoryList, readMe, readPost, readPostBySlug, readPostList, readVideo, readVideoList, type ApiRead } from '../site/lib/public-api'
import { findRequestUser, finishSiteResponse } from '../site/lib/site-request'
import { siteLocalsOf } from './page-views'

type Read = (context: ApiRead) => Promise<Response>
type Route = { pattern: RegExp; param?: string; fixed?: Set<string>; read: Read }

const API_PAGES = path.join(import.meta.dirname, '../site/pages/api')

/**
 * The names Astro serves from a folder before its `[param]` route (`/api/videos/track-views` is
 * its own endpoint, not a video): those requests are left to Astro. Read from the pages
 * themselves, so a new endpoint beside a parameter route is never answered as a parameter.
 */
function fixedNames(folder: string): Set<string> {
  const entries = readdirSync(path.join(API_PAGES, folder))
  return new Set(entries.filter((name) => !name.startsWith('[')).map((name) => name.replace(/\.[^.]+$/, '')))
}

/** One plain path segment: nothing Astro would decode differently from how it reads here. */
const SEGMENT = '([A-Za-z0-9_-]{1,200})'

const withParam = (folder: string, param: string, read: Read): Route => ({ pattern: new RegExp(`^/api/${folder}/${SEGMENT}$`), param, fixed: fixedNames(folder), read })

const exact = (pathname: string, read: Read): Route => ({ pattern: new RegExp(`^${pathname}$`), read })

const ROUTES: Route[] = [
  exact('/api/auth/me', readMe),
  exact('/api/videos', readVideoList),
  withParam('videos', 'videoId', readVideo),
  exact('/api/categories', readCategoryList),
  exact('/api/announcements', readAnnouncementList),
  exact('/api/blog-posts', readPostList),
  withParam('blog-posts', 'id', readPost),
  withParam('blog-posts/slug', 'slug', readPostBySlug),
]

/** The request's headers as Astro hands them to the site (astro/app/node's createRequestFromNodeRequest). */
function webHeaders(req: ExpressRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else headers.append(name, value)
  }
  return headers
}

/**
 * The JSON API's public reads and GET /api/auth/me without Astro's per-request pipeline (the
 * Request object, route matching, the render context, its middleware chain): the same endpoint
 * code (site/lib/public-api.ts), the same member (site/lib/site-request.ts, as the site middleware
 * finds them), the same finishing touches and Astro's own response writer, so the status, headers
 * and bytes are those Astro would send. Mounted just before Astro, after every Express layer.
 * Only GET of the paths above in their plain spelling; anything else, and any failure this path
 * did not expect, goes on to Astro unchanged. `API_FAST_PATH=0` turns it off (the tests compare
 * both paths' answers).
 */
export function createApiFastPath(enabled = process.env.API_FAST_PATH !== '0') {
  return function apiFastPath(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    if (!enabled || req.method !== 'GET' || !req.path.startsWith('/api/')) return next()
    for (const route of ROUTES) {
      const match = route.pattern.exec(req.path)
      if (!match) continue
      if (route.fixed?.has(match[1]!)) return next()
      return void answer(route, match, req, res, next).catch((error: unknown) => {
        // As Astro's handler ends a response its writer failed on.
        if (res.headersSent) res.destroy(error instanceof Error ? error : undefined)
        else next(error)
      })
    }
    next()
  }
}

async function answer(route: Route, match: RegExpExecArray, req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  let response: Response
  try {
    // The host is never read by these endpoints: only the path and the query.
    const url = new URL(req.url, 'http://localhost')
    const params = route.param ? { [route.param]: match[1] } : {}
    let locals
    try {
      locals = await findRequestUser(webHeaders(req), url.pathname)
    } catch (error) {
      // As the site middleware answers it for the API; any other failure is Astro's to answer.
      if (!isDatabaseUnavailable(error)) throw error
      await writeResponse(databaseUnavailableResponse(), res)
      return
    }
    // The locals Express layers read once the answer is out, as Astro's middleware leaves them.
    Object.assign(siteLocalsOf(res), { clientAddress: req.ip }, locals)
    response = finishSiteResponse(url.pathname, await route.read({ url, params, locals }), locals.user)
  } catch {
    if (!res.headersSent) next()
    return
  }
  // The head, the body and the chunked ending leave in one write to the socket rather than two:
  // the same bytes as Astro's, in fewer system calls.
  res.cork()
  try {
    await writeResponse(response, res)
  } finally {
    res.uncork()
  }
}

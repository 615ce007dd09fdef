import type { APIContext, MiddlewareNext } from 'astro'
import { defineMiddleware } from 'astro:middleware'
import { sql } from '@payloadcms/db-postgres'

import { resolveSessionUser } from '../cms/services/auth/session-user'
import { findSessionUser } from '../cms/services/cache/session-cache'
import { awardDailyLogin } from '../cms/services/points/daily-login'
import type { User } from '../cms/payload-types'
import { isDatabaseUnavailable } from '../cms/services/db/unavailable'
import { databaseUnavailableResponse, errorResponse } from './lib/http'
import { stripIslandStyle } from './lib/island-styles'
import { getPayloadClient } from './lib/payload'

const SESSION_COOKIE = 'payload-token'
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Cookie-authenticated writes must come from our own pages: browsers send Origin (or
 * Sec-Fetch-Site) on cross-site requests, so a mismatch is refused before any handler runs.
 */
function isCrossSite(request: Request, url: URL): boolean {
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true
  const origin = request.headers.get('origin')
  if (!origin) return false
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host
  try {
    return new URL(origin).host !== host
  } catch {
    return true
  }
}

/**
 * While PostgreSQL is away the JSON API answers 503 `{ error }` (as pages show the 503 page and
 * /healthz reports it), whatever part of the request met the failure: the session lookup, the
 * endpoint, or a service below it.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  try {
    return await handleRequest(context, next)
  } catch (error) {
    if (isApiPath(context.url.pathname) && isDatabaseUnavailable(error)) return databaseUnavailableResponse()
    throw error
  }
})

const isApiPath = (pathname: string) => pathname.startsWith('/api/')

async function handleRequest(context: APIContext, next: MiddlewareNext): Promise<Response> {
  context.locals.user = null
  context.locals.authUser = null

  if (context.url.pathname.startsWith('/api/') && UNSAFE_METHODS.has(context.request.method) && isCrossSite(context.request, context.url)) {
    return errorResponse(403, 'Cross-site requests are not allowed.')
  }

  if (context.cookies.has(SESSION_COOKIE)) {
    const payload = await getPayloadClient()
    // payload.auth's lookup without its unused permissions map, remembered per token for a few seconds.
    const user = await findSessionUser(payload, context.request.headers).catch(() => null)
    // Payload's JWT strategy reads a failed user lookup as "no session": for the API, a cookie that
    // found no one is told apart from a database that is away (a 503, not "Please sign in first").
    if (!user && isApiPath(context.url.pathname)) await payload.db.drizzle.execute(sql`select 1`)
    if (user && user.collection === 'users') {
      // Premium that ran out ends here, stored, for every page and endpoint alike.
      const resolved = await resolveSessionUser(payload, user as User)
      context.locals.authUser = resolved.authUser
      context.locals.user = resolved.user
      // The daily login bonus: only a member's first request of their day reaches the database.
      await awardDailyLogin(payload, resolved.authUser)
    }
  }

  const response = await next()
  if (context.url.pathname.startsWith('/api/') && (response.status === 404 || response.status === 405) && !response.headers.get('content-type')?.includes('json')) {
    // No such endpoint, or not with this method: still a JSON answer for API clients.
    return response.status === 405 ? errorResponse(405, 'Method not allowed.') : errorResponse(404, 'Not found.')
  }
  if (context.locals.user && !response.headers.has('cache-control')) {
    // Pages that show a member's header must never be stored by shared caches.
    response.headers.set('cache-control', 'private, no-store')
  }
  return stripIslandStyle(response)
}

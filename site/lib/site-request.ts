// Who a request speaks for, and what every answer gets on its way out: the site middleware
// (site/middleware.ts) and the JSON API's light path (server/api-fast-path.ts) both go through
// here, so a member is the same member, and an answer the same answer, on either.
import { sql } from '@payloadcms/db-postgres'
import { parseCookie } from 'cookie'

import type { SessionUser } from '../../shared/schemas/auth'
import type { User } from '../../cms/payload-types'
import { resolveSessionUser } from '../../cms/services/auth/session-user'
import { findSessionUser } from '../../cms/services/cache/session-cache'
import { awardDailyLogin } from '../../cms/services/points/daily-login'
import { errorResponse } from './http'
import { stripIslandStyle } from './island-styles'
import { getPayloadClient } from './payload'

const SESSION_COOKIE = 'payload-token'

export type RequestUser = { user: SessionUser | null; authUser: User | null }

export const isApiPath = (pathname: string) => pathname.startsWith('/api/')

/** Whether the Cookie header names a session, read as Astro's `cookies.has` reads it (the same parser). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false
  return parseCookie(cookieHeader, { decode: (value) => value })[SESSION_COOKIE] !== undefined
}

/**
 * The signed-in member for these headers, or nobody. Premium that ran out ends here, stored, and a
 * member's first request of their day earns the daily login bonus.
 */
export async function findRequestUser(headers: Headers, pathname: string): Promise<RequestUser> {
  if (!hasSessionCookie(headers.get('cookie'))) return { user: null, authUser: null }
  const payload = await getPayloadClient()
  // payload.auth's lookup without its unused permissions map, remembered per token for a few seconds.
  const user = await findSessionUser(payload, headers).catch(() => null)
  // Payload's JWT strategy reads a failed user lookup as "no session": for the API, a cookie that
  // found no one is told apart from a database that is away (a 503, not "Please sign in first").
  if (!user && isApiPath(pathname)) await payload.db.drizzle.execute(sql`select 1`)
  if (!user || user.collection !== 'users') return { user: null, authUser: null }
  const resolved = await resolveSessionUser(payload, user as User)
  // The daily login bonus: only a member's first request of their day reaches the database.
  await awardDailyLogin(payload, resolved.authUser)
  return resolved
}

/** An endpoint's or page's response as the client gets it. */
export function finishSiteResponse(pathname: string, response: Response, user: SessionUser | null): Response {
  if (isApiPath(pathname) && (response.status === 404 || response.status === 405) && !response.headers.get('content-type')?.includes('json')) {
    // No such endpoint, or not with this method: still a JSON answer for API clients.
    return response.status === 405 ? errorResponse(405, 'Method not allowed.') : errorResponse(404, 'Not found.')
  }
  if (user && !response.headers.has('cache-control')) {
    // Pages that show a member's header must never be stored by shared caches.
    response.headers.set('cache-control', 'private, no-store')
  }
  return stripIslandStyle(response)
}

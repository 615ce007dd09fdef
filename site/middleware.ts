import type { APIContext, MiddlewareNext } from 'astro'
import { defineMiddleware } from 'astro:middleware'

import { isDatabaseUnavailable } from '../cms/services/db/unavailable'
import { databaseUnavailableResponse, errorResponse } from './lib/http'
import { findRequestUser, finishSiteResponse, isApiPath } from './lib/site-request'

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

async function handleRequest(context: APIContext, next: MiddlewareNext): Promise<Response> {
  context.locals.user = null
  context.locals.authUser = null

  if (context.url.pathname.startsWith('/api/') && UNSAFE_METHODS.has(context.request.method) && isCrossSite(context.request, context.url)) {
    return errorResponse(403, 'Cross-site requests are not allowed.')
  }

  // The same lookup as the JSON API's light path (server/api-fast-path.ts).
  const { user, authUser } = await findRequestUser(context.request.headers, context.url.pathname)
  context.locals.authUser = authUser
  context.locals.user = user

  const response = await next()
  return finishSiteResponse(context.url.pathname, response, context.locals.user)
}

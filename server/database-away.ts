import { sql } from '@payloadcms/db-postgres'
import type { RequestHandler } from 'express'
import type { Payload } from 'payload'

import { SESSION_COOKIE } from './page-cache'
import { requestSessionUser } from './request-user'

/**
 * Payload's JWT strategy reads a user lookup that failed as "signed out": while PostgreSQL is away,
 * /cms/api would answer a signed-in admin `{ user: null }` (and its screens would send them to
 * sign in). A session that finds no one is told apart from a database that is away here: the
 * error goes to the last handler, which answers 503 `{ error }` (server/error-page.ts).
 */
export function sessionsNeedTheDatabase(payload: Payload): RequestHandler {
  return async (req, _res, next) => {
    if (!/^\/cms\/api(?:\/|$)/i.test(req.path)) return next()
    if (!SESSION_COOKIE.test(req.headers.cookie ?? '') && !req.headers.authorization) return next()
    if (await requestSessionUser(payload, req)) return next()
    try {
      await payload.db.drizzle.execute(sql`select 1`)
      next()
    } catch (error) {
      next(error)
    }
  }
}

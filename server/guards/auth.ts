import type { IncomingMessage } from 'node:http'

import type { Request, Response, Router } from 'express'
import express from 'express'
import type { Payload } from 'payload'
import { APIError } from 'payload'

import { logoutMember, parseLoginBody, passwordResetEnabled, PASSWORD_RESET_OFF, signIn } from '../../cms/services/auth'
import { cookieFromHeader, KNOWN_DEVICE_COOKIE } from '../../cms/services/auth/known-device'
import { hasRevokedSessions, isSessionRevoked, tokenClaims } from '../../cms/services/auth/revoked-sessions'
import { hit, rules, tooManyAttemptsMessage } from '../../cms/services/rate-limit'
import { rateLimitKey } from '../../cms/services/rate-limit/client-key'
import { logger } from '../logger'
import { requestSessionUser } from '../request-user'

/** Payload's admin reads `errors[].message`; everything else reads `error`. */
const fail = (res: Response, status: number, message: string, retryAfterSeconds?: number) => {
  if (retryAfterSeconds) res.set('retry-after', String(retryAfterSeconds))
  res.status(status).json({ errors: [{ message }], error: message })
}

/** Doors into accounts that Payload's REST API opens under /cms/api/users: answered or closed here. */
export function authGuards(payload: Payload): Router {
  const router = express.Router()
  const tokenCookie = `${payload.config.cookiePrefix}-token`

  // Sessions logged out while the database was down are refused by /cms too.
  router.use('/cms', (req, res, next) => {
    if (!hasRevokedSessions()) return next()
    const { sid } = tokenClaims(cookieFromHeader(req.headers.cookie, tokenCookie) ?? bearerToken(req))
    if (!sid || !isSessionRevoked(sid)) return next()
    if (req.path.startsWith('/api/')) return fail(res, 401, 'Please sign in first.')
    res.redirect(302, '/cms/login')
  })

  // Media checks the session with payload.auth: a revoked one counts as no session there.
  router.use('/media', (req, _res, next) => {
    if (!hasRevokedSessions() || !req.headers.cookie) return next()
    const { sid } = tokenClaims(cookieFromHeader(req.headers.cookie, tokenCookie))
    if (sid && isSessionRevoked(sid)) {
      req.headers.cookie = req.headers.cookie.split(';').filter((part) => part.split('=')[0]!.trim() !== tokenCookie).join(';')
    }
    next()
  })

  // Payload's own login is a second door to the same accounts: the same sign-in as /api/auth/login
  // (cms/services/auth/login.ts), answered in the shape Payload's admin expects.
  router.post('/cms/api/users/login', async (req, res, next) => {
    const ip = rateLimitKey(req.ip)
    const limited = await hit(payload, rules.login, ip)
    if (!limited.allowed) return fail(res, 429, tooManyAttemptsMessage(limited.retryAfterSeconds), limited.retryAfterSeconds)
    try {
      const input = await parseLoginBody(await readBody(req), req.headers['content-type'])
      const depth = Number(req.query.depth)
      const result = await signIn(payload, {
        username: input.username,
        password: input.password,
        clientKey: ip,
        knownDevice: cookieFromHeader(req.headers.cookie, KNOWN_DEVICE_COOKIE),
        depth: typeof req.query.depth === 'string' && Number.isInteger(depth) && depth >= 0 ? Math.min(depth, 10) : payload.config.defaultDepth,
      })
      for (const cookie of result.cookies) res.append('set-cookie', cookie)
      res.set('cache-control', 'no-store')
      res.status(200).json({ message: 'Authentication Passed', user: { ...result.user, collection: 'users' }, token: result.token, exp: result.exp })
    } catch (error) {
      if (error instanceof APIError && error.status >= 400 && error.status < 500) {
        return fail(res, error.status, error.message, (error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds)
      }
      next(error)
    }
  })

  // Logging out through Payload REST ends the session even when the database write fails.
  router.post('/cms/api/users/logout', async (req, res, next) => {
    if (req.query.allSessions !== undefined) return next()
    try {
      const user = await requestSessionUser(payload, req)
      const token = cookieFromHeader(req.headers.cookie, tokenCookie) ?? bearerToken(req)
      if (!user && !token) return fail(res, 400, 'No user was logged in.')
      const cookie = await logoutMember(payload, user, token)
      res.append('set-cookie', cookie)
      res.status(200).json({ message: 'You have been logged out successfully.' })
    } catch (error) {
      next(error)
    }
  })

  // Password reset by email is off until the site sends email (PASSWORD_RESET=true turns it on).
  router.post(['/cms/api/users/forgot-password', '/cms/api/users/reset-password'], async (req, res, next) => {
    if (!passwordResetEnabled()) {
      logger.warn({ event: 'password_reset_refused', path: req.path, ip: req.ip }, 'password reset is off')
      return fail(res, 404, PASSWORD_RESET_OFF)
    }
    if (req.path.endsWith('/forgot-password')) {
      const limited = await hit(payload, rules.forgotPassword, rateLimitKey(req.ip))
      if (!limited.allowed) {
        logger.warn({ event: 'forgot_password_throttled', ip: req.ip }, 'forgot-password refused: too many from this address')
        return fail(res, 429, tooManyAttemptsMessage(limited.retryAfterSeconds), limited.retryAfterSeconds)
      }
    }
    next()
  })

  // With reset off, /cms's own reset screens would say "Email sent" for an email that never comes:
  // they lead back to sign-in (which offers no reset link then, cms/components/login).
  router.get(['/cms/forgot', '/cms/reset/{*token}'], (_req, res, next) => (passwordResetEnabled() ? next() : res.redirect(302, '/cms/login')))

  // Email verification is not used (members verify their age instead); Payload's route would 500.
  router.all('/cms/api/users/verify/{*rest}', (_req, res) => void res.status(404).json({ error: 'Not found.' }))
  return router
}

function bearerToken(req: Request): string | null {
  const match = /^(?:JWT|Bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '')
  return match?.[1] ?? null
}

/** The body the body limit read (server/body-limit.ts): its replay for Next.js, which is answered here instead. */
async function readBody(req: Request): Promise<Buffer> {
  const read = req as Request & { body?: unknown; bodyReplay?: IncomingMessage }
  if (Buffer.isBuffer(read.body)) return read.body
  const chunks: Buffer[] = []
  for await (const chunk of read.bodyReplay ?? req) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

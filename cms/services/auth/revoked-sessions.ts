import { createHmac, timingSafeEqual } from 'node:crypto'

import { onSignal, sendSignal } from '../cache/signal'

/**
 * Sessions ended by a logout whose database write failed (PostgreSQL down): kept here until
 * their token would have expired, refused wherever sessions are authenticated
 * (cache/session-cache.ts), and deleted from the database when next seen with the database back.
 * On globalThis: the Express side, the Astro bundle and the Next bundle share one set.
 *
 * The other processes are told (`session-revoked`) when the database still carries a NOTIFY (the
 * logout's write failed on its own). When it is down altogether nobody can hear it, nor
 * authenticate the session: once it is back, a process that did not hear may accept the session
 * until one that holds it revoked sees it again and deletes it from the row (a known gap, bounded
 * by the token's life; the row is the shared source, and its write is what failed).
 */
type Revoked = Map<string, number> // session id → when its token expires (epoch ms)

const KEY = Symbol.for('app.revokedSessions')
const SESSION_REVOKED = 'session-revoked'

const revoked = (): Revoked => {
  const global = globalThis as Record<symbol, Revoked | undefined>
  let map = global[KEY]
  if (!map) {
    const created: Revoked = (map = global[KEY] = new Map())
    onSignal(SESSION_REVOKED, (data) => {
      const { sid, expiresAt } = (data ?? {}) as { sid?: unknown; expiresAt?: unknown }
      if (typeof sid === 'string' && typeof expiresAt === 'number') created.set(sid, expiresAt)
    })
  }
  return map
}

export function revokeSessionId(sid: string, expiresAt: number) {
  revoked().set(sid, expiresAt)
  void sendSignal(SESSION_REVOKED, { sid, expiresAt })
}

export function isSessionRevoked(sid: unknown, now = Date.now()): boolean {
  if (typeof sid !== 'string') return false
  const map = revoked()
  const until = map.get(sid)
  if (until === undefined) return false
  if (until <= now) {
    map.delete(sid)
    return false
  }
  return true
}

/** The database has forgotten the session too. */
export function forgetRevokedSession(sid: string) {
  revoked().delete(sid)
}

export const hasRevokedSessions = () => revoked().size > 0

/** The `sid` and `exp` (epoch ms) written in a JWT, read without checking its signature. */
export function tokenClaims(token: string | null | undefined): { sid: string | null; expiresAt: number } {
  try {
    const claims = JSON.parse(Buffer.from((token ?? '').split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid?: unknown; exp?: unknown }
    return {
      sid: typeof claims.sid === 'string' ? claims.sid : null,
      expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + 7 * 24 * 60 * 60 * 1000,
    }
  } catch {
    return { sid: null, expiresAt: 0 }
  }
}

/**
 * The claims of a session token this server signed (HS256 under Payload's secret, as Payload
 * signs them) and that has not expired, or null: read without the database, for a logout that
 * arrives while the database is down.
 */
export function verifiedTokenClaims(token: string | null | undefined, secret: string, now = Date.now()): { sid: string; expiresAt: number } | null {
  const parts = (token ?? '').split('.')
  if (parts.length !== 3) return null
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest()
  const given = Buffer.from(parts[2]!, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const { sid, expiresAt } = tokenClaims(token)
  return sid && expiresAt > now ? { sid, expiresAt } : null
}

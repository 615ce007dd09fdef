import { createLocalReq, executeAuthStrategies, extractJWT, type Payload, type PayloadRequest, type TypedUser } from 'payload'

import { forgetRevokedSession, hasRevokedSessions, isSessionRevoked } from '../auth/revoked-sessions'
import { lockUserRow } from '../auth/user-row'
import { inTransaction } from '../db/transactions'
import { ContentCache } from './content-cache'
import { afterTransactionEnds } from './transaction-end'

/**
 * The collections whose rows make up the user `payload.auth` finds: the user row with its
 * sessions, and (at Payload's default depth) the profile picture's row in avatars.
 */
export const SESSION_SOURCE_COLLECTIONS: ReadonlySet<string> = new Set(['users', 'avatars'])

/** The adapter's methods that write rows of a collection (`upsert` goes through `updateOne`). */
const WRITE_METHODS = ['create', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'upsert'] as const

/** Sessions kept at most, and their approximate size in all (least recently used go first). */
export const SESSION_CACHE_MAX_ENTRIES = 5000
export const SESSION_CACHE_MAX_BYTES = 8 * 1024 * 1024

type WriteArgs = { collection?: string; req?: Partial<PayloadRequest> }
type Adapter = Record<(typeof WRITE_METHODS)[number], unknown>
type State = { cache: ContentCache; watched: WeakSet<object> }

const KEY = Symbol.for('app.sessionCache')

function state(): State {
  const global = globalThis as Record<symbol, State | undefined>
  let current = global[KEY]
  if (!current) {
    const seconds = Number(process.env.PAGE_CACHE_SECONDS ?? 10)
    current = {
      cache: new ContentCache({ ttlMs: Number.isFinite(seconds) ? seconds * 1000 : 10_000, maxEntries: SESSION_CACHE_MAX_ENTRIES, maxBytes: SESSION_CACHE_MAX_BYTES }),
      watched: new WeakSet(),
    }
    global[KEY] = current
  }
  return current
}

export const sessionCache = (): ContentCache => state().cache

/**
 * Every write through `db` to a session source (users, media) calls `onWrite` when the write
 * returns and again when its transaction ends. Every path that changes a user goes through the
 * adapter: Payload's update and delete, and the auth operations that write around the hooks
 * (login and logout, refresh, password reset, failed sign-ins and the lock, which also drops the
 * newest sessions). Wrapped once per adapter.
 */
export function watchSessionSources(db: object, onWrite: () => void, watched: WeakSet<object> = new WeakSet()): void {
  if (watched.has(db)) return
  watched.add(db)
  const adapter = db as Adapter
  for (const method of WRITE_METHODS) {
    const original = adapter[method]
    if (typeof original !== 'function') continue
    adapter[method] = async function (this: unknown, ...args: unknown[]) {
      const write = (args[0] ?? {}) as WriteArgs
      const source = typeof write.collection === 'string' && SESSION_SOURCE_COLLECTIONS.has(write.collection)
      try {
        return await (original as (...a: unknown[]) => Promise<unknown>).apply(this, args)
      } finally {
        if (source) {
          onWrite()
          await afterTransactionEnds(write.req, onWrite)
        }
      }
    }
  }
}

/**
 * When a verified token stops being valid on its own (epoch ms): its `exp`, or its session's end
 * if sooner. -Infinity (keep nothing) for a token without a readable `exp`.
 */
export function sessionEndsAt(token: string, user: { _sid?: unknown; sessions?: unknown } | null): number {
  let exp: unknown
  try {
    exp = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }).exp
  } catch {
    return Number.NEGATIVE_INFINITY
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return Number.NEGATIVE_INFINITY
  const sessions = Array.isArray(user?.sessions) ? (user.sessions as { id?: unknown; expiresAt?: unknown }[]) : []
  const session = sessions.find((s) => s.id === user?._sid)
  const sessionEnd = typeof session?.expiresAt === 'string' ? Date.parse(session.expiresAt) : Number.NaN
  return Number.isFinite(sessionEnd) ? Math.min(exp * 1000, sessionEnd) : exp * 1000
}

async function authenticate(payload: Payload, headers: Headers): Promise<TypedUser | null> {
  const req = await createLocalReq({ req: { headers } }, payload)
  const { user } = await executeAuthStrategies({ headers, payload, req, canSetHeaders: false })
  return user
}

/**
 * The signed-in user for these request headers, exactly as `payload.auth` finds it (the same
 * auth strategies: the JWT's signature and expiry, the user row, the session still on it), but
 * without the permissions map `payload.auth` also builds (nobody here reads it; access rules run
 * on every Local API call anyway), and remembered per token for a few seconds
 * (PAGE_CACHE_SECONDS): any write to a user or a media row forgets every remembered session, at
 * once and again when the write commits, and no entry outlives its token or session. Only signed-in
 * results are kept. Each caller gets its own copy, unless it only reads (`readOnly`: the kept
 * object itself, frozen by the cache, for doors asked hundreds of times a second such as live HLS).
 */
export async function findSessionUser(payload: Payload, headers: Headers, { readOnly = false }: { readOnly?: boolean } = {}): Promise<TypedUser | null> {
  const user = await findUnrevokedSessionUser(payload, headers, readOnly)
  if (user && hasRevokedSessions() && isSessionRevoked((user as { _sid?: unknown })._sid)) {
    // Logged out while the database was down: refused, and deleted now that the row was read again.
    await deleteRevokedSession(payload, user)
    return null
  }
  return user
}

async function findUnrevokedSessionUser(payload: Payload, headers: Headers, readOnly: boolean): Promise<TypedUser | null> {
  const token = extractJWT({ headers, payload })
  const onlyJwt = payload.authStrategies.length > 0 && payload.authStrategies.every((strategy) => strategy.name === 'local-jwt')
  const { cache, watched } = state()
  if (!token || !onlyJwt || cache.ttlMs === 0) return authenticate(payload, headers)
  watchSessionSources(payload.db, () => cache.clear(), watched)
  const user = await cache.get(token, () => authenticate(payload, headers), {
    // A null (no valid session) is answered, never kept.
    expiresAt: (found) => (found ? sessionEndsAt(token, found) : Number.NEGATIVE_INFINITY),
  })
  return user ? (readOnly ? user : structuredClone(user)) : null
}

/** Removes a revoked session from its user's row; it stays revoked in memory until that succeeds. */
async function deleteRevokedSession(payload: Payload, user: TypedUser): Promise<void> {
  const sid = (user as { _sid?: unknown })._sid as string
  try {
    // Under the row's lock (user-row.ts): the row is written back whole, less this session.
    await inTransaction(payload, async (req) => {
      await lockUserRow(payload, req, user.id)
      const stored = (await payload.db.findOne({ collection: 'users', req, where: { id: { equals: user.id } } })) as { sessions?: { id?: unknown }[] } | null
      if (stored?.sessions?.some((session) => session.id === sid)) {
        const sessions = stored.sessions.filter((session) => session.id !== sid)
        await payload.db.updateOne({ collection: 'users', id: user.id, req, data: { ...stored, sessions, updatedAt: null }, returning: false })
      }
    })
    forgetRevokedSession(sid)
    payload.logger.info({ event: 'logout_completed', userId: user.id }, 'logout: deferred session deletion done')
  } catch (error) {
    payload.logger.warn({ err: error, event: 'logout_retry_failed', userId: user.id }, 'logout: the session still could not be deleted')
  }
}

/** Forgets a token's remembered user (at logout): every entry goes, as on any write to a user. */
export function forgetSessionToken(): void {
  state().cache.clear()
}

/**
 * Forgets one member's remembered sessions: a change only to what their own header shows (points,
 * level, streak) that no other member's session reads. Other members stay remembered.
 */
export function forgetSessionsOf(userId: number | string): void {
  state().cache.deleteWhere(isMember(userId))
}

/**
 * Writes `fields` into one member's remembered sessions: what an award just committed to their
 * points columns (in SQL, around Payload's hooks), so their next request need not read the user
 * row again. Other members stay remembered.
 */
export function updateSessionsOf(userId: number | string, fields: Partial<TypedUser>): void {
  state().cache.updateWhere<TypedUser | null>(isMember(userId), (user) => (user ? ({ ...user, ...fields } as TypedUser) : user))
}

const isMember = (userId: number | string) => (user: unknown) => String((user as { id?: unknown } | null)?.id) === String(userId)

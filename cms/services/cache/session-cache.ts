import { createLocalReq, executeAuthStrategies, extractJWT, type Payload, type PayloadRequest, type TypedUser } from 'payload'

import { forgetRevokedSession, hasRevokedSessions, isSessionRevoked } from '../auth/revoked-sessions'
import { lockUserRow } from '../auth/user-row'
import { inTransaction } from '../db/transactions'
import { ContentCache } from './content-cache'
import { onSignal, sendSignal, SIGNALS_MISSED } from './signal'
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

type WriteArgs = { collection?: string; id?: unknown; where?: unknown; req?: Partial<PayloadRequest> }
type Adapter = Record<(typeof WRITE_METHODS)[number], unknown>
type State = { cache: ContentCache; watched: WeakSet<object> }

const KEY = Symbol.for('app.sessionCache')

/**
 * Topics the other processes hear (signal.ts): a write to users or avatars here (`userId` when it
 * was one member's row, else every session is forgotten), and a member's points moving in SQL
 * (`member-changed`, which the leaderboards hear too). A sign-out, a revoked session, a password
 * change, Premium starting or ending, new badges: each is a user write, so every process refuses
 * or re-reads the session from the moment it commits.
 */
export const SESSIONS_CHANGED = 'sessions-changed'
export const MEMBER_CHANGED = 'member-changed'

function state(): State {
  const global = globalThis as Record<symbol, State | undefined>
  let current = global[KEY]
  if (!current) {
    const seconds = Number(process.env.PAGE_CACHE_SECONDS ?? 10)
    const cache = new ContentCache({ ttlMs: Number.isFinite(seconds) ? seconds * 1000 : 10_000, maxEntries: SESSION_CACHE_MAX_ENTRIES, maxBytes: SESSION_CACHE_MAX_BYTES })
    current = { cache, watched: new WeakSet() }
    global[KEY] = current
    const forgetHeard = (data: unknown) => {
      const userId = (data as { userId?: unknown } | undefined)?.userId
      if (typeof userId === 'number' || typeof userId === 'string') cache.deleteWhere(isMember(userId))
      else cache.clear()
    }
    onSignal(SESSIONS_CHANGED, forgetHeard)
    onSignal(MEMBER_CHANGED, forgetHeard)
    onSignal(SIGNALS_MISSED, () => cache.clear())
  }
  return current
}

/** The one member a write names by id (an update or delete by id), else undefined. */
function writtenUserId(method: string, args: WriteArgs): number | string | undefined {
  if (method !== 'updateOne' && method !== 'deleteOne') return undefined
  const id = args.id ?? (args.where as { id?: { equals?: unknown } } | undefined)?.id?.equals
  return typeof id === 'number' || typeof id === 'string' ? id : undefined
}

export const sessionCache = (): ContentCache => state().cache

/**
 * Every write through `db` to a session source (users, media) calls `onWrite` when the write
 * returns and again when its transaction ends. Every path that changes a user goes through the
 * adapter: Payload's update and delete, and the auth operations that write around the hooks
 * (login and logout, refresh, password reset, failed sign-ins and the lock, which also drops the
 * newest sessions). Wrapped once per adapter.
 */
export function watchSessionSources(
  db: object,
  onWrite: () => void,
  watched: WeakSet<object> = new WeakSet(),
  onCommit?: (write: { collection: string; userId?: number | string; req?: Partial<PayloadRequest> }) => Promise<void>,
): void {
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
          const collection = write.collection as string
          await onCommit?.({ collection, userId: collection === 'users' ? writtenUserId(method, write) : undefined, req: write.req })
        }
      }
    }
  }
}

/**
 * Watches this process's user and avatar writes (watchSessionSources): this process forgets every
 * remembered session, the others forget what the write touched once it commits. From the
 * server's start (server/payload.ts), not only from the first signed-in request: a webhook's
 * Premium change must reach the other processes whatever this one served before.
 */
export function watchSessionWrites(payload: Payload): void {
  const { cache, watched } = state()
  watchSessionSources(payload.db, () => cache.clear(), watched, ({ userId, req }) => sendSignal(SESSIONS_CHANGED, userId === undefined ? undefined : { userId }, req))
}

/** A member's points moved in SQL (an award or a take-back): the other processes re-read their sessions and boards once it committed. */
export const memberChanged = (userId: number, req?: Partial<PayloadRequest>): Promise<void> => sendSignal(MEMBER_CHANGED, { userId }, req)

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
  const { cache } = state()
  if (!token || !onlyJwt || cache.ttlMs === 0) return authenticate(payload, headers)
  watchSessionWrites(payload)
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

// Page views, recorded off the response path: each finished page request is pushed onto an
// in-process buffer, written every ANALYTICS_FLUSH_MS (or as soon as a batch is full) as one
// multi-row INSERT into page_views plus one upsert of the visits it touched into user_sessions,
// in a single statement. Flushed once more on shutdown (stopAnalyticsRecorders).
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { deviceType, referrerHost, type DeviceType } from '../../../shared/analytics-sources'
import { DB_COLUMN_LIMITS } from '../../../shared/constants'
import { poolDb } from '../db/transactions'
import { browserFamily } from './browser'
import { truncateIp } from './ip'
import { sessionIdFor } from './session-id'
import { storedPath } from './view-limit'

/** What the Express layer knows about a page request once its response has gone out. */
export type PageViewInput = {
  path: string
  /** The request's user agent: only its browser family is stored (and the visit's hash is taken of it). */
  userAgent: string
  /** The client's address as Express found it (req.ip); truncated before it is stored. */
  address: string | null | undefined
  referrer?: string | null
  at: Date
  /** The signed-in member when the site resolved one for this request (never for a cached page). */
  user?: { id: number; isPremium: boolean } | null
}

export type PageViewRow = {
  sessionId: string
  userId: number | null
  isPremium: boolean
  path: string
  /** The browser family (browser.ts), never the raw user agent. */
  userAgent: string
  ipAddress: string | null
  referrer: string | null
  /** The referring site's host (analytics-sources.ts `referrerHost`): the traffic source is read from it. */
  referrerHost: string | null
  /** Desktop, mobile or tablet, from the user agent (which is not kept). */
  device: DeviceType
  at: Date
}

export type RecorderOptions = {
  /** How often the buffer is written (ms). */
  flushMs?: number
  /** Rows per INSERT; a full batch is written at once. */
  batchSize?: number
  /** Rows kept while the database is away; the oldest are dropped beyond this. */
  maxBuffered?: number
}

export type PageViewRecorder = {
  record: (view: PageViewInput) => void
  /** Writes everything buffered now (resolves when done; never throws). */
  flush: () => Promise<void>
  /** Stops the timer and writes what is left. */
  stop: () => Promise<void>
  /** Rows waiting (for tests and health). */
  pending: () => number
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text)

/** The page a visitor came from, without query string or fragment (they can carry personal data). */
export function cleanReferrer(referrer: string | null | undefined): string | null {
  if (!referrer) return null
  try {
    const url = new URL(referrer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return clip(`${url.origin}${url.pathname}`, DB_COLUMN_LIMITS.referrer)
  } catch {
    return null
  }
}

/**
 * A buffered request as it will be stored: address truncated, session id derived, the user agent
 * cut down to its browser family and device type, the referrer's host kept for its traffic
 * source, §9 column limits applied.
 */
export function toRow(view: PageViewInput): PageViewRow {
  return {
    sessionId: sessionIdFor({ address: view.address, userAgent: view.userAgent, at: view.at }),
    userId: view.user?.id ?? null,
    isPremium: Boolean(view.user?.isPremium),
    path: storedPath(view.path || '/'),
    userAgent: browserFamily(view.userAgent),
    ipAddress: truncateIp(view.address),
    referrer: cleanReferrer(view.referrer),
    referrerHost: referrerHost(view.referrer),
    device: deviceType(view.userAgent),
    at: view.at,
  }
}

type SessionDelta = { sessionId: string; userId: number | null; isPremium: boolean; start: Date; end: Date; views: number }

/** One upsert row per visit in the batch (PostgreSQL refuses to update the same row twice in one statement). */
export function sessionDeltas(rows: readonly PageViewRow[]): SessionDelta[] {
  const bySession = new Map<string, SessionDelta>()
  for (const row of rows) {
    const seen = bySession.get(row.sessionId)
    if (!seen) {
      bySession.set(row.sessionId, { sessionId: row.sessionId, userId: row.userId, isPremium: row.isPremium, start: row.at, end: row.at, views: 1 })
      continue
    }
    seen.views++
    if (row.at < seen.start) seen.start = row.at
    if (row.at >= seen.end) seen.end = row.at
    if (row.userId !== null) seen.userId = row.userId
    seen.isPremium ||= row.isPremium
  }
  return [...bySession.values()]
}

// A member deleted between the request and the write must not fail the batch on the foreign key.
const userRef = (id: number | null) => (id === null ? sql`null::integer` : sql`(select id from users where id = ${id})`)

/** Writes one batch: the page views and the visits they belong to, in one statement. */
export async function writeBatch(payload: Payload, rows: readonly PageViewRow[]): Promise<void> {
  if (!rows.length) return
  const views = rows.map(
    (r) =>
      sql`(${r.sessionId}, ${userRef(r.userId)}, ${r.path}, ${r.userAgent}, ${r.ipAddress}, ${r.referrer}, ${r.referrerHost}, ${r.device}::enum_page_views_device, ${r.at.toISOString()}::timestamptz)`,
  )
  const sessions = sessionDeltas(rows).map(
    (s) =>
      sql`(${s.sessionId}, ${userRef(s.userId)}, ${s.userId !== null}, ${s.isPremium}, ${s.start.toISOString()}::timestamptz, ${s.end.toISOString()}::timestamptz, ${s.views}, ${Math.round((s.end.getTime() - s.start.getTime()) / 1000)})`,
  )
  await poolDb(payload).execute(sql`
    with inserted as (
      insert into page_views (session_id, user_id, path, user_agent, ip_address, referrer, referrer_host, device, "timestamp")
      values ${sql.join(views, sql`, `)}
      returning 1
    )
    insert into user_sessions (session_id, user_id, is_authenticated, is_premium, start_time, end_time, total_page_views, total_duration)
    values ${sql.join(sessions, sql`, `)}
    on conflict (session_id) do update set
      user_id = coalesce(excluded.user_id, user_sessions.user_id),
      is_authenticated = user_sessions.is_authenticated or excluded.is_authenticated,
      is_premium = user_sessions.is_premium or excluded.is_premium,
      start_time = least(user_sessions.start_time, excluded.start_time),
      end_time = greatest(user_sessions.end_time, excluded.end_time),
      total_page_views = user_sessions.total_page_views + excluded.total_page_views,
      total_duration = round(extract(epoch from greatest(user_sessions.end_time, excluded.end_time) - least(user_sessions.start_time, excluded.start_time)))`)
}

const recorders = new Set<PageViewRecorder>()

/**
 * A buffer of page views for this process. `record` only pushes onto an array (the request has
 * already been answered); the hashing and the write happen in the timer's flush.
 */
export function createPageViewRecorder(
  payload: Payload,
  {
    flushMs = Number(process.env.ANALYTICS_FLUSH_MS ?? 1000),
    batchSize = 500,
    maxBuffered = 50_000,
  }: RecorderOptions = {},
): PageViewRecorder {
  let buffer: PageViewInput[] = []
  let flushing: Promise<void> | null = null
  let dropped = 0

  const writeAll = async () => {
    while (buffer.length) {
      const batch = buffer.slice(0, batchSize)
      buffer = buffer.slice(batch.length)
      try {
        await writeBatch(payload, batch.map(toRow))
      } catch (err) {
        // Kept for the next tick (the database may be restarting); the oldest go when it is full.
        buffer = [...batch, ...buffer]
        if (buffer.length > maxBuffered) {
          dropped += buffer.length - maxBuffered
          buffer = buffer.slice(buffer.length - maxBuffered)
        }
        payload.logger.warn({ err, pending: buffer.length, dropped }, 'page views not written yet; retrying')
        return
      }
    }
  }

  const flush = () => {
    flushing ??= writeAll().finally(() => {
      flushing = null
    })
    return flushing
  }

  const timer = setInterval(() => void flush(), Math.max(50, flushMs))
  timer.unref()

  const recorder: PageViewRecorder = {
    record(view) {
      buffer.push(view)
      if (buffer.length >= batchSize && !flushing) setImmediate(() => void flush())
    },
    flush: async () => {
      // A flush already under way may have started before the newest rows arrived.
      await flush()
      if (buffer.length) await flush()
    },
    async stop() {
      clearInterval(timer)
      recorders.delete(recorder)
      await recorder.flush()
    },
    pending: () => buffer.length,
  }
  recorders.add(recorder)
  return recorder
}

/** Writes every recorder's buffer: on shutdown, before the database pool closes. */
export async function stopAnalyticsRecorders(): Promise<void> {
  await Promise.all([...recorders].map((r) => r.stop()))
}

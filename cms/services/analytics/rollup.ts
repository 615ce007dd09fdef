// The analytics job (Payload jobs queue, task `analyticsRollup`, see task.ts): time on page for
// recent page views, one set of daily totals per finished site day (exactly once), and the
// deletion of raw rows older than the retention period once their day is totalled.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { addDays, startOfDay, type DayString } from '../../../shared/time-zones'
import { inTransaction, poolDb, transactionDb, type Db } from '../db/transactions'
import { siteTimeZone } from '../settings/time-zone'
import { siteDay } from './session-id'
import { referrerHostOf, retentionCounts } from './sql-parts'

/** Raw rows are kept this many days (ANALYTICS_RETENTION_DAYS); never fewer than 31: active users look back 30. */
export const DEFAULT_RETENTION_DAYS = 90
export const MIN_RETENTION_DAYS = 31
export function retentionDays(value = process.env.ANALYTICS_RETENTION_DAYS): number {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? Math.max(MIN_RETENTION_DAYS, n) : DEFAULT_RETENTION_DAYS
}

/** A page's time on page is the gap to the visitor's next page, if that came within this many seconds. */
export const MAX_TIME_ON_PAGE_SECONDS = 30 * 60
/** A day is totalled this long after it ended: rows buffered by any server at midnight are written by then. */
export const ROLLUP_MARGIN_MS = 10 * 60_000
const DELETE_BATCH = 20_000
const ROLLUP_LOCK = sql`pg_advisory_xact_lock(hashtext('analytics-rollup'))`

/** The site's days: the time-zone setting, read when a day is needed (a saved change applies from then on). */
const tz = (): string => siteTimeZone()
const bounds = (day: DayString) => ({ start: startOfDay(day, tz()).toISOString(), end: startOfDay(addDays(day, 1), tz()).toISOString() })

/**
 * Time on page: each page view with no duration yet gets the gap to the same visit's next page
 * view (≤ 30 min; a longer gap means the reader left). A visit is one site day, so a day's
 * durations are final when it ends.
 */
async function fillDurations(db: Db, from: string, to: string): Promise<number> {
  const { rows } = await db.execute(sql`
    with gaps as (
      select id, duration, extract(epoch from lead("timestamp") over (partition by session_id order by "timestamp") - "timestamp") as secs
      from page_views where "timestamp" >= ${from}::timestamptz and "timestamp" < ${to}::timestamptz
    ), filled as (
      update page_views p set duration = round(gaps.secs)
      from gaps where p.id = gaps.id and gaps.duration is null and gaps.secs is not null and gaps.secs <= ${MAX_TIME_ON_PAGE_SECONDS}
      returning 1
    )
    select count(*)::int as n from filled`)
  return Number(rows[0]?.n ?? 0)
}

type RawTable = { table: 'page_views' | 'video_analytics' | 'user_sessions'; column: string }
const RAW_TABLES: RawTable[] = [
  { table: 'page_views', column: '"timestamp"' },
  { table: 'video_analytics', column: '"timestamp"' },
  { table: 'user_sessions', column: 'start_time' },
]

/**
 * The site days on which a raw table has rows, found by hopping from one day's first row to the
 * next day's (one index lookup per day with data, however many rows or idle days lie between).
 */
async function daysWithRows(db: Db, { table, column }: RawTable): Promise<DayString[]> {
  const t = sql.raw(table)
  const c = sql.raw(column)
  const { rows } = await db.execute(sql`
    with recursive days(day) as (
      select (select (min(${c}) at time zone ${tz()})::date from ${t})
      union all
      select (select (min(${c}) at time zone ${tz()})::date from ${t} where ${c} >= ((days.day + 1)::timestamp at time zone ${tz()}))
      from days where days.day is not null
    )
    select to_char(day, 'YYYY-MM-DD') as day from days where day is not null`)
  return rows.map((r) => String(r.day))
}

/** Every site day with raw analytics rows, oldest first. */
async function rawDays(db: Db): Promise<DayString[]> {
  const all = new Set<DayString>()
  for (const raw of RAW_TABLES) for (const day of await daysWithRows(db, raw)) all.add(day)
  return [...all].sort()
}

async function rolledDays(db: Db, from: DayString, to: DayString): Promise<Set<DayString>> {
  const { rows } = await db.execute(sql`select day from analytics_daily where kind = 'site' and day >= ${from} and day <= ${to}`)
  return new Set(rows.map((r) => String(r.day)))
}

/**
 * Totals one finished site day, once: the `site` row is its marker, written in the same
 * transaction as every `page`, `referrer`, `device` and `video` row of the day, under a lock, so a second run (or a
 * second server) finds it and writes nothing. Returns false when the day was already done.
 */
export async function rollUpDay(payload: Payload, day: DayString): Promise<boolean> {
  const { start, end } = bounds(day)
  return inTransaction(payload, async (req) => {
    const db = await transactionDb(payload, req)
    await db.execute(sql`select ${ROLLUP_LOCK}`)
    const done = await db.execute(sql`select 1 from analytics_daily where kind = 'site' and day = ${day} and key = ''`)
    if (done.rows.length) return false
    await fillDurations(db, start, end)
    await db.execute(sql`
      with views as (
        select session_id, user_id, path, duration, ${referrerHostOf(sql`page_views`)} as host, device
        from page_views where "timestamp" >= ${start}::timestamptz and "timestamp" < ${end}::timestamptz
      ), watches as (
        select video_id, session_id, user_id, watch_time, completed, coalesce(reached, 0)::integer as reached
        from video_analytics where "timestamp" >= ${start}::timestamptz and "timestamp" < ${end}::timestamptz
      )
      insert into analytics_daily (day, kind, key, views, sessions, signed_in_sessions, time_on_page, watch_time, completions, sign_ups, new_premium, retention)
      select ${day}, 'site'::enum_analytics_daily_kind, '', count(*), count(distinct session_id), count(distinct session_id) filter (where user_id is not null), coalesce(sum(duration), 0), 0, 0,
        (select count(*) from users where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz),
        (select count(*) from payments where kind = 'activation' and coalesce(paid_at, created_at) >= ${start}::timestamptz and coalesce(paid_at, created_at) < ${end}::timestamptz),
        null::jsonb
      from views
      union all
      select ${day}, 'page'::enum_analytics_daily_kind, path, count(*), count(distinct session_id), count(distinct session_id) filter (where user_id is not null), coalesce(sum(duration), 0), 0, 0, 0, 0, null from views group by path
      union all
      select ${day}, 'referrer'::enum_analytics_daily_kind, coalesce(host, ''), count(*), count(distinct session_id), 0, 0, 0, 0, 0, 0, null from views group by coalesce(host, '')
      union all
      select ${day}, 'device'::enum_analytics_daily_kind, device::text, count(*), count(distinct session_id), 0, 0, 0, 0, 0, 0, null from views where device is not null group by device
      union all
      select ${day}, 'video'::enum_analytics_daily_kind, video_id, 0, count(distinct session_id), count(distinct session_id) filter (where user_id is not null), 0, coalesce(sum(watch_time), 0), count(*) filter (where completed), 0, 0,
        ${retentionCounts(sql`reached`)}
      from watches group by video_id
      on conflict (kind, day, key) do nothing`)
    return true
  })
}

async function deleteOlderThan(db: Db, table: 'page_views' | 'video_analytics' | 'user_sessions', cutoff: string): Promise<number> {
  const column = table === 'user_sessions' ? sql`start_time` : sql`"timestamp"`
  const name = sql.raw(table)
  let total = 0
  for (;;) {
    // In batches: a first run over a long history must not hold one enormous delete.
    const { rows } = await db.execute(sql`
      with doomed as (select id from ${name} where ${column} < ${cutoff}::timestamptz limit ${DELETE_BATCH}),
      gone as (delete from ${name} where id in (select id from doomed) returning 1)
      select count(*)::int as n from gone`)
    const n = Number(rows[0]?.n ?? 0)
    total += n
    if (n < DELETE_BATCH) return total
  }
}

export type AnalyticsJobResult = {
  durationsFilled: number
  daysRolledUp: DayString[]
  deleted: { pageViews: number; videoAnalytics: number; userSessions: number }
  retentionDays: number
}

/**
 * One run of the analytics job: (1) time on page for today's and yesterday's page views, (2) a
 * daily total for every finished day with raw rows and no total yet, (3) raw rows before the
 * retention cut-off deleted, only when every one of their days is totalled. A day without
 * traffic gets no row: the dashboard reads such a day from the (empty) raw tables at the cost of
 * one index probe.
 */
export async function runAnalyticsJob(payload: Payload, { now = new Date(), retention = retentionDays() }: { now?: Date; retention?: number } = {}): Promise<AnalyticsJobResult> {
  const db = poolDb(payload)
  const today = siteDay(now)
  const durationsFilled = await fillDurations(db, startOfDay(addDays(today, -1), tz()).toISOString(), now.toISOString())

  const lastFinished = addDays(siteDay(new Date(now.getTime() - ROLLUP_MARGIN_MS)), -1)
  const finished = (await rawDays(db)).filter((day) => day <= lastFinished)
  const daysRolledUp: DayString[] = []
  if (finished.length) {
    const done = await rolledDays(db, finished[0]!, lastFinished)
    for (const day of finished) if (!done.has(day) && (await rollUpDay(payload, day))) daysRolledUp.push(day)
  }

  const cutoffDay = addDays(today, -retention)
  const deleted = { pageViews: 0, videoAnalytics: 0, userSessions: 0 }
  const expiring = (await rawDays(db)).filter((day) => day < cutoffDay)
  if (expiring.length) {
    // Raw rows go only once their days are in analytics_daily (a day that failed above stops this).
    const done = await rolledDays(db, expiring[0]!, addDays(cutoffDay, -1))
    if (expiring.every((day) => done.has(day))) {
      const cutoff = startOfDay(cutoffDay, tz()).toISOString()
      deleted.pageViews = await deleteOlderThan(db, 'page_views', cutoff)
      deleted.videoAnalytics = await deleteOlderThan(db, 'video_analytics', cutoff)
      deleted.userSessions = await deleteOlderThan(db, 'user_sessions', cutoff)
    }
  }
  return { durationsFilled, daysRolledUp, deleted, retentionDays: retention }
}

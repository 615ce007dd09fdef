// A member's rank on a board: exact near the top, from a minute-old snapshot further down.
import { sql } from '@payloadcms/db-postgres'

import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '../../../shared/constants'
import { periodBounds } from './clock'
import { prepared, runPrepared } from '../db/prepared'
import type { Db } from '../db/transactions'

/**
 * Counting everyone ahead of a member is a scan of that many index entries: cheap near the top,
 * ~5 ms per board for the 100,000th member. Up to this many ahead the count is exact and live;
 * beyond, the position comes from a snapshot of the board's order (at most SNAPSHOT_MAX_AGE_MS
 * old, loaded once per process and period, served stale while a fresh one loads), with the
 * member's own entry read live: their own points move their rank at once, others' within a minute.
 */
export const EXACT_RANK_LIMIT = 100
export const SNAPSHOT_MAX_AGE_MS = 60_000

type Entry = { points: number; reachedAt: number; userId: number }
type Snapshot = { loadedAt: number; points: Float64Array; reachedAt: Float64Array; userId: Int32Array }
type Snapshots = Map<string, { current?: Snapshot; loading?: Promise<Snapshot> }>

const KEY = Symbol.for('app.points.rankSnapshots')
const snapshots = (): Snapshots => ((globalThis as Record<symbol, Snapshots | undefined>)[KEY] ??= new Map())

/** Whether `a` comes before `b` on a board: more points, then reached first, then the lower id. */
export const ahead = (a: Entry, b: Entry) =>
  a.points !== b.points ? a.points > b.points : a.reachedAt !== b.reachedAt ? a.reachedAt < b.reachedAt : a.userId < b.userId

/** How many snapshot entries come before `entry` (binary search over the board order). */
export function countAhead(snapshot: Pick<Snapshot, 'points' | 'reachedAt' | 'userId'>, entry: Entry): number {
  let low = 0
  let high = snapshot.points.length
  while (low < high) {
    const mid = (low + high) >>> 1
    const other = { points: snapshot.points[mid]!, reachedAt: snapshot.reachedAt[mid]!, userId: snapshot.userId[mid]! }
    if (ahead(other, entry)) low = mid + 1
    else high = mid
  }
  return low
}

async function loadSnapshot(db: Db, period: LeaderboardPeriod, periodStart: string): Promise<Snapshot> {
  const { rows } = await db.execute(sql`
    select points, reached_at, user_id from leaderboard_entries
    where period = ${period} and period_start = ${periodStart} and points > 0
    order by points desc, reached_at asc, user_id asc`)
  const snapshot: Snapshot = {
    loadedAt: Date.now(),
    points: new Float64Array(rows.length),
    reachedAt: new Float64Array(rows.length),
    userId: new Int32Array(rows.length),
  }
  rows.forEach((row, i) => {
    snapshot.points[i] = Number(row.points)
    snapshot.reachedAt[i] = new Date(row.reached_at as string).getTime()
    snapshot.userId[i] = Number(row.user_id)
  })
  return snapshot
}

async function snapshotOf(db: Db, period: LeaderboardPeriod, periodStart: string): Promise<Snapshot> {
  const key = `${period}:${periodStart}`
  const slot = snapshots().get(key) ?? {}
  snapshots().set(key, slot)
  const fresh = slot.current && Date.now() - slot.current.loadedAt < SNAPSHOT_MAX_AGE_MS
  if (!fresh && !slot.loading) {
    slot.loading = loadSnapshot(db, period, periodStart).finally(() => (slot.loading = undefined))
    slot.loading.then((loaded) => (slot.current = loaded)).catch(() => undefined)
    // Old periods' snapshots go (a new day, week or month starts a new key).
    for (const other of snapshots().keys()) if (other.startsWith(`${period}:`) && other !== key) snapshots().delete(other)
  }
  return slot.current ?? (await slot.loading!)
}

/**
 * The member's entry on each board (daily, weekly, monthly, all_time) with the number of members
 * ahead of it counted up to the limit, as a json array: a subquery of the stats statement and of
 * ranksOf's. Parameters: $1 the member's id, $2–$5 the periods' starts, $6 the exact limit. Per
 * entry two bounded ranges of leaderboard_entries_board_idx: more points, then equal points
 * reached earlier (or at once, by a lower id); the second is skipped once the first reaches the limit.
 */
export const RANK_ENTRIES_SQL = `(select coalesce(json_agg(json_build_object('period', m.period, 'points', m.points, 'reachedAt', m.reached_at,
    'ahead', c.more + case when c.more >= $6 then 0 else (select count(*) from (
      select 1 from leaderboard_entries e
      where e.period = m.period and e.period_start = m.period_start and e.points = m.points and e.reached_at <= m.reached_at
        and (e.reached_at < m.reached_at or e.user_id < $1)
      limit $6) tied)::int end)), '[]'::json)
  from leaderboard_entries m
  cross join lateral (select count(*)::int as more from (
    select 1 from leaderboard_entries e
    where e.period = m.period and e.period_start = m.period_start and e.points > m.points
    limit $6) ahead) c
  where m.user_id = $1 and m.points > 0 and (m.period, m.period_start) in (
    ('daily'::enum_leaderboard_entries_period, $2::timestamptz), ('weekly'::enum_leaderboard_entries_period, $3::timestamptz),
    ('monthly'::enum_leaderboard_entries_period, $4::timestamptz), ('all_time'::enum_leaderboard_entries_period, $5::timestamptz)))`

export type RankEntry = { period: LeaderboardPeriod; points: number; reachedAt: string; ahead: number }

/** RANK_ENTRIES_SQL's parameters for `now`. */
export const rankParameters = (userId: number, now: Date, exactLimit = EXACT_RANK_LIMIT): unknown[] => [
  userId,
  ...LEADERBOARD_PERIODS.map((period) => periodBounds(period, now).start.toISOString()),
  exactLimit,
]

/** Ranks from RANK_ENTRIES_SQL's rows: exact under the limit, from the board's snapshot beyond. */
export async function ranksFromEntries(
  db: Db,
  userId: number,
  entries: readonly RankEntry[],
  now: Date,
  exactLimit = EXACT_RANK_LIMIT,
): Promise<Record<LeaderboardPeriod, number | null>> {
  const ranks = Object.fromEntries(LEADERBOARD_PERIODS.map((period) => [period, null])) as Record<LeaderboardPeriod, number | null>
  await Promise.all(
    entries.map(async (row) => {
      const ahead = Number(row.ahead ?? 0)
      if (ahead < exactLimit) {
        ranks[row.period] = ahead + 1
        return
      }
      const entry: Entry = { points: Number(row.points), reachedAt: new Date(row.reachedAt).getTime(), userId }
      const periodStart = periodBounds(row.period, now).start.toISOString()
      ranks[row.period] = countAhead(await snapshotOf(db, row.period, periodStart), entry) + 1
    }),
  )
  return ranks
}

const RANKS = prepared('points_ranks', `select ${RANK_ENTRIES_SQL} as entries`)

/** The member's position on one board (1 = top), or null with nothing earned in the period. */
export async function rankOf(db: Db, userId: number, period: LeaderboardPeriod, now: Date, exactLimit = EXACT_RANK_LIMIT): Promise<number | null> {
  const [row] = await runPrepared(db, RANKS, rankParameters(userId, now, exactLimit))
  const entries = parseJsonColumn<RankEntry[]>(row?.entries).filter((entry) => entry.period === period)
  return (await ranksFromEntries(db, userId, entries, now, exactLimit))[period]
}

/** A json column as node-postgres hands it over: parsed already, or text on some drivers. */
export const parseJsonColumn = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : ((value ?? []) as T))

// A member's rank on a board: exact near the top, from a minute-old snapshot further down.
import { sql } from '@payloadcms/db-postgres'

import type { LeaderboardPeriod } from '../../../shared/constants'
import { periodBounds } from './clock'
import type { Db } from '../db/transactions'

/**
 * Counting everyone ahead of a member is a scan of that many index entries: cheap near the top,
 * ~5 ms per board for the 100,000th member. Up to this many ahead the count is exact and live;
 * beyond, the position comes from a snapshot of the board's order (at most SNAPSHOT_MAX_AGE_MS
 * old, loaded once per process and period, served stale while a fresh one loads).
 */
export const EXACT_RANK_LIMIT = 1000
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

/** The member's position on one board (1 = top), or null with nothing earned in the period. */
export async function rankOf(db: Db, userId: number, period: LeaderboardPeriod, now: Date, exactLimit = EXACT_RANK_LIMIT): Promise<number | null> {
  return (await ranksOf(db, userId, [period], now, exactLimit))[period] ?? null
}

/**
 * The member's position on each board asked (1 = top; null with nothing earned in the period),
 * in one statement: the member's entries, and per entry two bounded index ranges of
 * leaderboard_entries_board_idx — more points, then equal points reached earlier (or at once,
 * lower id). The second is skipped once the first reaches the limit: the snapshot answers then.
 */
export async function ranksOf(
  db: Db,
  userId: number,
  periods: readonly LeaderboardPeriod[],
  now: Date,
  exactLimit = EXACT_RANK_LIMIT,
): Promise<Partial<Record<LeaderboardPeriod, number | null>>> {
  const boards = periods.map((period) => ({ period, periodStart: periodBounds(period, now).start.toISOString() }))
  const wanted = sql.join(
    boards.map((b) => sql`(${b.period}::enum_leaderboard_entries_period, ${b.periodStart}::timestamptz)`),
    sql`, `,
  )
  const { rows } = await db.execute(sql`
    select m.period, m.points, m.reached_at, c.more,
           case when c.more >= ${exactLimit} then 0 else (select count(*) from (
             select 1 from leaderboard_entries e
             where e.period = m.period and e.period_start = m.period_start and e.points = m.points and e.reached_at <= m.reached_at
               and (e.reached_at < m.reached_at or e.user_id < ${userId})
             limit ${exactLimit}) tied)::int end as tied
    from leaderboard_entries m
    cross join lateral (select count(*)::int as more from (
      select 1 from leaderboard_entries e
      where e.period = m.period and e.period_start = m.period_start and e.points > m.points
      limit ${exactLimit}) ahead) c
    where m.user_id = ${userId} and (m.period, m.period_start) in (${wanted}) and m.points > 0`)
  const ranks: Partial<Record<LeaderboardPeriod, number | null>> = Object.fromEntries(periods.map((period) => [period, null]))
  await Promise.all(
    rows.map(async (row) => {
      const period = row.period as LeaderboardPeriod
      const ahead = Number(row.more ?? 0) + Number(row.tied ?? 0)
      if (ahead < exactLimit) {
        ranks[period] = ahead + 1
        return
      }
      const entry: Entry = { points: Number(row.points), reachedAt: new Date(row.reached_at as string).getTime(), userId }
      const periodStart = boards.find((b) => b.period === period)!.periodStart
      ranks[period] = countAhead(await snapshotOf(db, period, periodStart), entry) + 1
    }),
  )
  return ranks
}

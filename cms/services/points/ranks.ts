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
  const periodStart = periodBounds(period, now).start.toISOString()
  const { rows } = await db.execute(sql`
    select points, reached_at from leaderboard_entries
    where user_id = ${userId} and period = ${period} and period_start = ${periodStart} and points > 0`)
  const mine = rows[0]
  if (!mine) return null
  const entry: Entry = { points: Number(mine.points), reachedAt: new Date(mine.reached_at as string).getTime(), userId }
  // Two bounded index ranges: more points, then equal points reached earlier (or at once, lower id).
  const { rows: counted } = await db.execute(sql`
    select (select count(*) from (
              select 1 from leaderboard_entries
              where period = ${period} and period_start = ${periodStart} and points > ${mine.points}
              limit ${exactLimit}) more)::int as more,
           (select count(*) from (
              select 1 from leaderboard_entries
              where period = ${period} and period_start = ${periodStart} and points = ${mine.points} and reached_at <= ${mine.reached_at}
                and (reached_at < ${mine.reached_at} or user_id < ${userId})
              limit ${exactLimit}) tied)::int as tied`)
  const ahead = Number(counted[0]?.more ?? 0) + Number(counted[0]?.tied ?? 0)
  if (ahead < exactLimit) return ahead + 1
  return countAhead(await snapshotOf(db, period, periodStart), entry) + 1
}

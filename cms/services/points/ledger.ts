// The ledger and the totals that move with it, as SQL on the caller's transaction.
import { sql } from '@payloadcms/db-postgres'

import type { PointActivityType } from '../../../shared/constants'
import type { DayString } from '../../../shared/time-zones'
import { allPeriodBounds, periodBounds, type PeriodBounds } from './clock'
import type { Db } from '../db/transactions'

/** The member's row as the award needs it, locked until the transaction ends. */
export type LockedMember = {
  id: number
  points: number
  totalPointsEarned: number
  level: number
  streak: number
  streakFreezes: number
  lastStreakDay: DayString | null
  memberNumber: number | null
}

/**
 * Locks the member's row (FOR NO KEY UPDATE, as lockMemberRow): awards of one member run one after
 * another, so caps, streak and level see every earlier award; awards of different members do not
 * wait on each other. The columns read are the row's own, so the lock's wait cannot make them stale.
 */
export async function lockMember(db: Db, userId: number): Promise<LockedMember | null> {
  const { rows } = await db.execute(sql`
    select id, points, total_points_earned, level, streak, streak_freezes, last_streak_day, member_number
    from users where id = ${userId} for no key update`)
  return rows[0] ? lockedMemberOf(rows[0]) : null
}

/** The member's points columns as read from their `users` row. */
export function lockedMemberOf(row: Record<string, unknown>): LockedMember {
  return {
    id: Number(row.id),
    points: Number(row.points ?? 0),
    totalPointsEarned: Number(row.total_points_earned ?? 0),
    level: Number(row.level ?? 1),
    streak: Number(row.streak ?? 0),
    streakFreezes: Number(row.streak_freezes ?? 0),
    lastStreakDay: typeof row.last_streak_day === 'string' && row.last_streak_day ? row.last_streak_day : null,
    memberNumber: row.member_number === null || row.member_number === undefined ? null : Number(row.member_number),
  }
}

export type LedgerRow = {
  userId: number
  activityType: PointActivityType
  points: number
  contentType?: string | null
  contentId?: string | null
  description: string
  metadata?: Record<string, unknown> | null
  idempotencyKey: string
  createdAt: Date
}

/** Inserts a ledger row unless its key exists (a repeat, or a concurrent twin): its id, or null. */
export async function insertLedgerRow(db: Db, row: LedgerRow): Promise<number | null> {
  const at = row.createdAt.toISOString()
  const { rows } = await db.execute(sql`
    insert into point_activities (user_id, activity_type, points, content_type, content_id, description, metadata, idempotency_key, created_at, updated_at)
    values (${row.userId}, ${row.activityType}, ${row.points}, ${row.contentType ?? null}, ${row.contentId ?? null}, ${row.description},
            ${row.metadata ? JSON.stringify(row.metadata) : null}::jsonb, ${row.idempotencyKey}, ${at}, ${at})
    on conflict (idempotency_key) do nothing
    returning id`)
  return rows[0] ? Number(rows[0].id) : null
}

export type LedgerEntry = {
  id: number
  userId: number
  activityType: PointActivityType
  points: number
  contentType: string | null
  contentId: string | null
  description: string
  createdAt: Date
}

export async function findLedgerRow(db: Db, idempotencyKey: string): Promise<LedgerEntry | null> {
  const { rows } = await db.execute(sql`
    select id, user_id, activity_type, points, content_type, content_id, description, created_at
    from point_activities where idempotency_key = ${idempotencyKey}`)
  const row = rows[0]
  if (!row) return null
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    activityType: row.activity_type as PointActivityType,
    points: Number(row.points),
    contentType: (row.content_type as string | null) ?? null,
    contentId: (row.content_id as string | null) ?? null,
    description: String(row.description),
    createdAt: new Date(row.created_at as string),
  }
}

export type MemberTotals = {
  pointsDelta: number
  earnedDelta: number
  level: number
  streak: number
  streakFreezes: number
  lastStreakDay: DayString | null
  activityAt: Date | null
}

/**
 * Writes the member's points columns. The users_keep_points trigger (migration points_columns_guard)
 * lets only a transaction that says app.points_write = 'on' change them; it is switched on for this
 * statement alone, so a Payload write later in the same transaction cannot put old values back.
 * One round trip: the FROM item switches it on before the row is updated (the trigger runs per
 * row), RETURNING switches it off after. Were either to run out of that order, the trigger would
 * keep the old values and the points tests would fail: it never lets more through.
 */
export async function updateMemberTotals(db: Db, userId: number, totals: MemberTotals): Promise<void> {
  await db.execute(sql`
    update users set
      points = greatest(coalesce(points, 0) + ${totals.pointsDelta}, 0),
      total_points_earned = greatest(coalesce(total_points_earned, 0) + ${totals.earnedDelta}, 0),
      level = ${totals.level},
      streak = ${totals.streak},
      streak_freezes = ${totals.streakFreezes},
      last_streak_day = ${totals.lastStreakDay},
      last_activity_at = coalesce(${totals.activityAt?.toISOString() ?? null}::timestamptz, last_activity_at)
    from (select set_config('app.points_write', 'on', true)) as points_write
    where id = ${userId}
    returning set_config('app.points_write', 'off', true)`)
}

/**
 * Adds `delta` to the member's total in each period (daily, weekly, monthly, all_time) that `at`
 * falls in, in one statement (one row per period, so no two rows meet the same key). A gain moves
 * reachedAt (ties on the board go to whoever got there first); a take-back keeps it.
 */
export async function addToLeaderboards(db: Db, userId: number, delta: number, at: Date, now: Date = at): Promise<void> {
  if (delta === 0) return
  const when = now.toISOString()
  const rows = allPeriodBounds(at).map(
    (bounds: PeriodBounds) =>
      sql`(${userId}, ${bounds.period}::enum_leaderboard_entries_period, ${bounds.start.toISOString()}::timestamptz, ${bounds.end?.toISOString() ?? null}::timestamptz, ${delta}::numeric, ${when}::timestamptz, ${when}::timestamptz, ${when}::timestamptz)`,
  )
  await db.execute(sql`
    insert into leaderboard_entries (user_id, period, period_start, period_end, points, reached_at, created_at, updated_at)
    values ${sql.join(rows, sql`, `)}
    on conflict (user_id, period, period_start) do update set
      points = leaderboard_entries.points + excluded.points,
      reached_at = case when excluded.points > 0 then excluded.reached_at else leaderboard_entries.reached_at end,
      updated_at = excluded.updated_at`)
}

export { periodBounds }

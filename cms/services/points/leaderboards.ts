// Leaderboards: read from the per-period totals (leaderboard_entries), one index range per board.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { LeaderboardPeriod } from '../../../shared/constants'
import type { LeaderboardRow, WeeklyLeaderboardRow } from '../../../shared/types/points'
import { registerPageCacheStore } from '../../hooks/page-cache'
import { ContentCache } from '../cache/content-cache'
import { MEMBER_CHANGED } from '../cache/session-cache'
import { onSignal } from '../cache/signal'
import { profileBadges } from '../profile'
import { periodBounds, systemClock } from './clock'
import { poolDb, type Db } from '../db/transactions'

/** Rows a board shows (the Your Journey tab shows the top 10 of these). */
export const LEADERBOARD_SIZE = 50

type BoardRow = {
  userId: number
  points: number
  username: string
  memberNumber: number | null
  level: number
  isPremium: boolean
  premiumExpiresAt: string | null
  isModerator: boolean
  badges: string[]
}

const CACHE_KEY = Symbol.for('app.points.boardCache')

/**
 * The boards' tops as last read, per period, start and length: every visitor and member sees the
 * same board, so a burst of readers reads it once. Cleared when an award or take-back commits in
 * this process and on any write to users (names, badges: the page-cache hooks); bounded by
 * PAGE_CACHE_SECONDS (default 10, 0 turns it off). The other processes clear theirs when they hear
 * the award commit (`member-changed`) or a user write (the page-cache signal); a comment's or a
 * like's targeted clear leaves the boards (its award moves them through the first).
 */
function boardCache(): ContentCache {
  const global = globalThis as Record<symbol, ContentCache | undefined>
  let cache = global[CACHE_KEY]
  if (!cache) {
    const seconds = Number(process.env.PAGE_CACHE_SECONDS ?? 10)
    const created = new ContentCache({ ttlMs: Number.isFinite(seconds) ? seconds * 1000 : 10_000, maxEntries: 32 })
    registerPageCacheStore(created)
    onSignal(MEMBER_CHANGED, () => created.clear())
    cache = global[CACHE_KEY] = created
  }
  return cache
}

/** Points moved: the boards read next come from the database. */
export const forgetBoards = (): void => boardCache().clear()

/**
 * The top of a period's board: points earned in the period, highest first; equal totals in the
 * order they were reached. Ranks are positions 1, 2, 3… without gaps. Members with nothing earned
 * in the period are not listed. Each member's stored badges come in the same statement.
 */
function topOf(db: Db, period: LeaderboardPeriod, now: Date, limit: number): Promise<readonly BoardRow[]> {
  const { start } = periodBounds(period, now)
  return boardCache().get(`${period}:${start.toISOString()}:${limit}`, () => readTop(db, period, start, limit))
}

async function readTop(db: Db, period: LeaderboardPeriod, start: Date, limit: number): Promise<BoardRow[]> {
  const { rows } = await db.execute(sql`
    select e.user_id, e.points, u.username, u.member_number, u.level, u.is_premium, u.premium_expires_at, u.is_moderator,
           array(select b.value::text from users_badges b where b.parent_id = u.id order by b."order") as badges
    from leaderboard_entries e join users u on u.id = e.user_id
    where e.period = ${period} and e.period_start = ${start.toISOString()} and e.points > 0
    order by e.points desc, e.reached_at asc, e.user_id asc
    limit ${limit}`)
  return rows.map((row) => ({
    userId: Number(row.user_id),
    points: Number(row.points),
    username: String(row.username ?? ''),
    memberNumber: row.member_number === null ? null : Number(row.member_number),
    level: Number(row.level ?? 1),
    isPremium: Boolean(row.is_premium),
    premiumExpiresAt: row.premium_expires_at ? new Date(row.premium_expires_at as string).toISOString() : null,
    isModerator: Boolean(row.is_moderator),
    badges: Array.isArray(row.badges) ? row.badges.map(String) : [],
  }))
}

/** GET /api/leaderboard?period= → [{ rank, points, user { id, username, memberNumber, badges } }] */
export async function getLeaderboard(
  payload: Payload,
  { period, now = systemClock(), limit = LEADERBOARD_SIZE }: { period: LeaderboardPeriod; now?: Date; limit?: number },
): Promise<LeaderboardRow[]> {
  const rows = await topOf(poolDb(payload), period, now, limit)
  return rows.map((row, index) => ({
    rank: index + 1,
    points: row.points,
    user: {
      id: row.userId,
      username: row.username,
      memberNumber: row.memberNumber,
      badges: profileBadges({ badges: row.badges as never, isPremium: row.isPremium, premiumExpiresAt: row.premiumExpiresAt, isModerator: row.isModerator } as never),
    },
  }))
}

/** GET /api/leaderboard/weekly → [{ userId, username, level, points }] (this week, Monday start). */
export async function getWeeklyLeaderboard(payload: Payload, { now = systemClock(), limit = LEADERBOARD_SIZE }: { now?: Date; limit?: number } = {}): Promise<WeeklyLeaderboardRow[]> {
  const rows = await topOf(poolDb(payload), 'weekly', now, limit)
  return rows.map((row) => ({ userId: row.userId, username: row.username, level: row.level, points: row.points }))
}

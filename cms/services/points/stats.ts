// A member's numbers (GET /api/user/stats), their recent ledger rows, the achievement catalogue.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { ACTIVITY_POINTS } from '../../../shared/points'
import { dayIn } from '../../../shared/time-zones'
import type { AchievementView, RecentActivity, UserStats } from '../../../shared/types/points'
import type { PointActivityType } from '../../../shared/constants'
import { notFound } from '../errors'
import { asRarity } from './achievements'
import { pointsTimeZone, systemClock } from './clock'
import { parseJsonColumn, rankParameters, ranksFromEntries, RANK_ENTRIES_SQL, type RankEntry } from './ranks'
import { nextLevelAfter } from './levels'
import { currentStreak } from './streaks'
import { poolDb } from '../db/transactions'
import { prepared, runPrepared } from '../db/prepared'

export const RECENT_ACTIVITIES_LIMIT = 20

/**
 * The member's row with their unlocked achievements, the level table and their board entries with
 * the members ahead of them counted (ranks.ts), in one prepared statement.
 */
const STATS = prepared(
  'points_user_stats',
  `select u.points, u.total_points_earned, u.level, u.streak, u.streak_freezes, u.last_streak_day, u.time_zone,
          (select coalesce(json_agg(json_build_object('id', a.id, 'title', a.title, 'description', a.description, 'rarity', a.rarity, 'unlockedAt', ua.unlocked_at)
                                    order by ua.unlocked_at desc, a.id desc), '[]'::json)
           from user_achievements ua join achievements a on a.id = ua.achievement_id
           where ua.user_id = u.id and ua.unlocked_at is not null) as achievements,
          (select coalesce(json_agg(json_build_object('level', l.level, 'pointsRequired', l.points_required) order by l.level), '[]'::json)
           from levels l) as levels,
          ${RANK_ENTRIES_SQL} as entries
   from users u where u.id = $1`,
)

/**
 * GET /api/user/stats for the signed-in member. The streak shown is 0 once it can no longer be
 * kept (missed days beyond the freezes held).
 */
export async function getUserStats(payload: Payload, { userId, now = systemClock() }: { userId: number; now?: Date }): Promise<UserStats> {
  const db = poolDb(payload)
  const [user] = await runPrepared(db, STATS, rankParameters(userId, now))
  if (!user) throw notFound('Member not found.')
  const ranks = await ranksFromEntries(db, userId, parseJsonColumn<RankEntry[]>(user.entries), now)
  const points = Number(user.points ?? 0)
  const level = Number(user.level ?? 1)
  const today = dayIn(now, pointsTimeZone())
  const streak = currentStreak(
    { streak: Number(user.streak ?? 0), freezes: Number(user.streak_freezes ?? 0), lastDay: (user.last_streak_day as string | null) || null },
    today,
  )
  const unlocked = parseJsonColumn<{ id: number; title: string; description: string | null; rarity: string; unlockedAt: string }[]>(user.achievements)
  const levels = parseJsonColumn<{ level: number; pointsRequired: number }[]>(user.levels).map((row) => ({ level: Number(row.level), pointsRequired: Number(row.pointsRequired) }))
  return {
    level,
    points,
    streak,
    totalPointsEarned: Number(user.total_points_earned ?? 0),
    achievements: unlocked.map((row) => ({
      achievement: { id: Number(row.id), title: String(row.title), description: String(row.description ?? ''), rarity: asRarity(row.rarity) },
      unlockedAt: new Date(row.unlockedAt).toISOString(),
    })),
    nextLevel: nextLevelAfter(level, points, levels),
    rank: { daily: ranks.daily, weekly: ranks.weekly, monthly: ranks.monthly, allTime: ranks.all_time },
  }
}

/** GET /api/user/recent-activities: the member's newest ledger rows. */
export async function getRecentActivities(payload: Payload, { userId, limit = RECENT_ACTIVITIES_LIMIT }: { userId: number; limit?: number }): Promise<RecentActivity[]> {
  const { rows } = await poolDb(payload).execute(sql`
    select id, activity_type, points, description, content_type, content_id, created_at from point_activities
    where user_id = ${userId} order by created_at desc, id desc limit ${limit}`)
  return rows.map((row) => ({
    id: Number(row.id),
    activityType: row.activity_type as PointActivityType,
    points: Number(row.points),
    description: String(row.description),
    contentType: (row.content_type as string | null) ?? null,
    contentId: (row.content_id as string | null) ?? null,
    createdAt: new Date(row.created_at as string).toISOString(),
  }))
}

/**
 * GET /api/achievements: the catalogue. A visitor sees every achievement, a secret one without
 * title or description; a member also sees isUnlocked, unlockedAt and progress, and the secret
 * ones they unlocked in full.
 */
export async function listAchievements(payload: Payload, { userId }: { userId?: number | null }): Promise<AchievementView[]> {
  const { rows } = await poolDb(payload).execute(sql`
    select a.id, a.name, a.title, a.description, a.icon, a.color, a.rarity, a.category, a.activity_type, a.target_count, a.points_required,
           a.metric, a.is_secret, ua.unlocked_at, ua.progress
    from achievements a
    left join user_achievements ua on ua.achievement_id = a.id and ua.user_id = ${userId ?? null}
    order by a.id`)
  return rows.map((row) => {
    const unlockedAt = row.unlocked_at ? new Date(row.unlocked_at as string).toISOString() : null
    const hidden = Boolean(row.is_secret) && !unlockedAt
    const view: AchievementView = {
      id: Number(row.id),
      name: hidden ? 'secret' : String(row.name),
      title: hidden ? null : String(row.title),
      description: hidden ? null : String(row.description ?? ''),
      icon: hidden ? null : ((row.icon as string | null) ?? null),
      color: (row.color as string | null) ?? null,
      rarity: asRarity(row.rarity),
      category: String(row.category ?? 'engagement'),
      activityType: hidden ? null : ((row.activity_type as string | null) ?? null),
      targetCount: hidden ? null : row.metric === 'total_points' ? Number(row.points_required ?? 0) : row.target_count === null ? null : Number(row.target_count),
      isSecret: Boolean(row.is_secret),
      points: ACTIVITY_POINTS.achievement_unlock,
    }
    if (userId) Object.assign(view, { isUnlocked: Boolean(unlockedAt), unlockedAt, progress: Number(row.progress ?? 0) })
    return view
  })
}

/** PUT /api/user/time-zone: the browser's zone, kept on the account. Points days do not follow it (they are the site's). */
export async function setTimeZone(payload: Payload, { userId, timeZone }: { userId: number; timeZone: string }): Promise<{ timeZone: string }> {
  // overrideAccess: timeZone is server-kept (members cannot write it through REST); the endpoint
  // checked the caller is this member and the zone is a real one.
  await payload.update({ collection: 'users', id: userId, data: { timeZone }, depth: 0, overrideAccess: true })
  return { timeZone }
}

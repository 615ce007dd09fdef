// Achievements: checked after every award; an unlock pays achievement_unlock once.
import { sql } from '@payloadcms/db-postgres'

import { DEFAULT_RARITY, RARITIES, type Rarity } from '../../../shared/constants'
import type { UnlockedAchievement } from '../../../shared/types/points'
import { activityTypesOf, measureAchievement, type AchievementRule, type MemberFacts } from './achievement-rules'
import { netActivityCounts } from './ledger'
import type { Db } from '../db/transactions'

export const asRarity = (value: unknown): Rarity => (RARITIES.includes(value as Rarity) ? (value as Rarity) : DEFAULT_RARITY)

type PendingAchievement = AchievementRule & UnlockedAchievement & { progress: number }

/** The achievements the member has not unlocked yet, with their stored progress. */
async function pendingAchievements(db: Db, userId: number): Promise<PendingAchievement[]> {
  const { rows } = await db.execute(sql`
    select a.id, a.name, a.title, a.description, a.icon, a.color, a.rarity, a.category, a.metric, a.activity_type,
           a.target_count, a.points_required, coalesce(ua.progress, 0) as progress
    from achievements a
    left join user_achievements ua on ua.achievement_id = a.id and ua.user_id = ${userId}
    where ua.unlocked_at is null
    order by a.id`)
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    title: String(row.title),
    description: String(row.description ?? ''),
    icon: (row.icon as string | null) ?? null,
    color: (row.color as string | null) ?? null,
    rarity: asRarity(row.rarity),
    category: String(row.category ?? 'engagement'),
    metric: (row.metric as string | null) ?? 'activity_count',
    activityType: (row.activity_type as string | null) ?? null,
    targetCount: row.target_count === null ? null : Number(row.target_count),
    pointsRequired: row.points_required === null ? null : Number(row.points_required),
    progress: Number(row.progress ?? 0),
  }))
}

/**
 * Updates the member's progress and unlocks what is now met; returns the newly unlocked ones (in
 * catalogue order). Progress rows are written only when the number changed.
 */
export async function checkAchievements(db: Db, userId: number, facts: Omit<MemberFacts, 'activityCounts'>, now: Date): Promise<UnlockedAchievement[]> {
  const pending = await pendingAchievements(db, userId)
  if (pending.length === 0) return []
  const activityCounts = await netActivityCounts(db, userId, activityTypesOf(pending))
  const unlocked: UnlockedAchievement[] = []
  const at = now.toISOString()
  const changed: ReturnType<typeof sql>[] = []
  for (const achievement of pending) {
    const { progress, met } = measureAchievement(achievement, { ...facts, activityCounts })
    if (!met && progress === achievement.progress) continue
    changed.push(sql`(${userId}::int, ${achievement.id}::int, ${progress}::numeric, ${met ? at : null}::timestamptz, false, ${at}::timestamptz, ${at}::timestamptz)`)
    if (met) {
      const { id, name, title, description, icon, color, rarity, category } = achievement
      unlocked.push({ id, name, title, description, icon, color, rarity, category })
    }
  }
  if (changed.length === 0) return unlocked
  // One statement for every changed row (one row per achievement, so no two meet the same key).
  await db.execute(sql`
    insert into user_achievements (user_id, achievement_id, progress, unlocked_at, is_notified, created_at, updated_at)
    values ${sql.join(changed, sql`, `)}
    on conflict (user_id, achievement_id) do update set
      progress = excluded.progress,
      unlocked_at = coalesce(user_achievements.unlocked_at, excluded.unlocked_at),
      updated_at = excluded.updated_at`)
  return unlocked
}

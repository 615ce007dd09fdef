// The starting levels and achievements: written by the seed and by a data migration, never over an admin's edits.
import { sql } from '@payloadcms/db-postgres'

import { achievements } from '../../seed/fixtures/achievements'
import { levels } from '../../seed/fixtures/levels'
import type { Db } from '../db/transactions'

/** Inserts the fixture levels and achievements that are missing (by level and by name); existing rows are left as they are. */
export async function ensureGamificationCatalogue(db: Pick<Db, 'execute'>): Promise<{ levels: number; achievements: number }> {
  let addedLevels = 0
  let addedAchievements = 0
  for (const level of levels) {
    const { rows } = await db.execute(sql`
      insert into levels (level, points_required, title, description, rewards, created_at, updated_at)
      values (${level.level}, ${level.pointsRequired}, ${level.title}, ${level.description}, ${level.rewards}, now(), now())
      on conflict (level) do nothing returning id`)
    addedLevels += rows.length
  }
  for (const a of achievements) {
    const { rows } = await db.execute(sql`
      insert into achievements (name, title, description, icon, color, metric, activity_type, target_count, points_required, badge, is_secret, rarity, category, created_at, updated_at)
      values (${a.name}, ${a.title}, ${a.description}, ${a.icon}, ${a.color}, ${a.metric}, ${a.activityType ?? null}, ${a.targetCount ?? null},
              ${a.pointsRequired ?? null}, ${a.badge ?? null}, ${Boolean(a.isSecret)}, ${a.rarity}, ${a.category}, now(), now())
      on conflict (name) do nothing returning id`)
    addedAchievements += rows.length
  }
  return { levels: addedLevels, achievements: addedAchievements }
}

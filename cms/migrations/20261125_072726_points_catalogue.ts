import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

import { achievements } from '../seed/fixtures/achievements'
import { levels } from '../seed/fixtures/levels'
import { ensureGamificationCatalogue } from '../services/points/catalogue'

/**
 * Data only: the starting levels (1–10) and achievements for a database that already exists. A
 * row an admin already made (same level, same achievement name) is kept as it is.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await ensureGamificationCatalogue(db)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  const names = `{${achievements.map((a) => a.name).join(',')}}`
  const numbers = `{${levels.map((l) => l.level).join(',')}}`
  await db.execute(sql`delete from achievements where name = any(${names}::text[])`)
  await db.execute(sql`delete from levels where level = any(${numbers}::numeric[])`)
}

import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Data only (no schema change, so no snapshot): dates of birth become noon UTC of their day
// (cms/fields/calendar-day.ts). Stored at midnight UTC they read one day early in /cms on any
// clock west of Greenwich, New York's included.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "users" SET "date_of_birth" = (date_trunc('day', "date_of_birth" AT TIME ZONE 'UTC') + interval '12 hours') AT TIME ZONE 'UTC'
  WHERE "date_of_birth" IS NOT NULL AND "date_of_birth" <> (date_trunc('day', "date_of_birth" AT TIME ZONE 'UTC') + interval '12 hours') AT TIME ZONE 'UTC';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "users" SET "date_of_birth" = date_trunc('day', "date_of_birth" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
  WHERE "date_of_birth" IS NOT NULL;`)
}

import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/**
 * Indexes the admin dashboard's queries use that Payload's field options cannot declare
 * (cms/services/analytics/queries.ts):
 * - members' visits by start time (partial: visitors' rows left out), for activeUsers;
 * - payments by the moment they count from (paid_at, else created_at), for new Premium and money
 *   received per day.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE INDEX "user_sessions_members_start_idx" ON "user_sessions" USING btree ("start_time", "user_id") WHERE "user_id" IS NOT NULL;
  CREATE INDEX "payments_counted_at_idx" ON "payments" USING btree ((coalesce("paid_at", "created_at")));`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "user_sessions_members_start_idx";
  DROP INDEX IF EXISTS "payments_counted_at_idx";`)
}

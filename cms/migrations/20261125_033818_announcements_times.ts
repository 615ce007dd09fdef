import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_announcements_startsat_tz" AS ENUM('America/New_York');
  CREATE TYPE "public"."enum_announcements_expiresat_tz" AS ENUM('America/New_York');
  ALTER TABLE "announcements" ADD COLUMN "starts_at" timestamp(3) with time zone;
  ALTER TABLE "announcements" ADD COLUMN "startsat_tz" "enum_announcements_startsat_tz" DEFAULT 'America/New_York';
  ALTER TABLE "announcements" ADD COLUMN "expiresat_tz" "enum_announcements_expiresat_tz" DEFAULT 'America/New_York';
  CREATE INDEX "announcements_starts_at_idx" ON "announcements" USING btree ("starts_at");
  CREATE INDEX "announcements_expires_at_idx" ON "announcements" USING btree ("expires_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "announcements_starts_at_idx";
  DROP INDEX "announcements_expires_at_idx";
  ALTER TABLE "announcements" DROP COLUMN "starts_at";
  ALTER TABLE "announcements" DROP COLUMN "startsat_tz";
  ALTER TABLE "announcements" DROP COLUMN "expiresat_tz";
  DROP TYPE "public"."enum_announcements_startsat_tz";
  DROP TYPE "public"."enum_announcements_expiresat_tz";`)
}

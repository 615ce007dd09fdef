// Traffic sources, devices and retention curves (cms/services/analytics): the referring host and
// device type of a page view, the twentieths of a video a visit played, and their daily totals.
import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_page_views_device" AS ENUM('desktop', 'mobile', 'tablet');
  ALTER TYPE "public"."enum_analytics_daily_kind" ADD VALUE 'referrer';
  ALTER TYPE "public"."enum_analytics_daily_kind" ADD VALUE 'device';
  ALTER TABLE "page_views" ADD COLUMN "referrer_host" varchar;
  ALTER TABLE "page_views" ADD COLUMN "device" "enum_page_views_device";
  ALTER TABLE "video_analytics" ADD COLUMN "reached" numeric DEFAULT 0;
  ALTER TABLE "analytics_daily" ADD COLUMN "retention" jsonb;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "analytics_daily" WHERE "kind" IN ('referrer', 'device');
  ALTER TABLE "analytics_daily" ALTER COLUMN "kind" SET DATA TYPE text;
  DROP TYPE "public"."enum_analytics_daily_kind";
  CREATE TYPE "public"."enum_analytics_daily_kind" AS ENUM('site', 'page', 'video');
  ALTER TABLE "analytics_daily" ALTER COLUMN "kind" SET DATA TYPE "public"."enum_analytics_daily_kind" USING "kind"::"public"."enum_analytics_daily_kind";
  ALTER TABLE "page_views" DROP COLUMN "referrer_host";
  ALTER TABLE "page_views" DROP COLUMN "device";
  ALTER TABLE "video_analytics" DROP COLUMN "reached";
  ALTER TABLE "analytics_daily" DROP COLUMN "retention";
  DROP TYPE "public"."enum_page_views_device";`)
}

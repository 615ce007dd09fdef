import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_youtube_sync_status" AS ENUM('running', 'succeeded', 'failed', 'skipped');
  CREATE TYPE "public"."enum_youtube_sync_trigger" AS ENUM('import', 'sync', 'schedule');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'youtubeSync' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'youtubeSync' BEFORE 'schedulePublish';
  CREATE TABLE "youtube_sync" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"status" "enum_youtube_sync_status",
  	"trigger" "enum_youtube_sync_trigger",
  	"channel_handle" varchar,
  	"channel_id" varchar,
  	"channel_title" varchar,
  	"started_at" timestamp(3) with time zone,
  	"finished_at" timestamp(3) with time zone,
  	"imported" numeric,
  	"total" numeric,
  	"removed" numeric,
  	"error" varchar,
  	"last_imported_handle" varchar,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "videos" ADD COLUMN "youtube_channel_id" varchar;
  ALTER TABLE "videos" ADD COLUMN "youtube_view_count" numeric;
  ALTER TABLE "videos" ADD COLUMN "youtube_removed_at" timestamp(3) with time zone;
  ALTER TABLE "videos" ADD COLUMN "is_demo" boolean DEFAULT false;
  CREATE INDEX "videos_youtube_channel_id_idx" ON "videos" USING btree ("youtube_channel_id");
  CREATE INDEX "videos_youtube_removed_at_idx" ON "videos" USING btree ("youtube_removed_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "youtube_sync" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "youtube_sync" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'analyticsRollup', 'videoTranscode', 'videoTranscodeRecovery', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'analyticsRollup', 'videoTranscode', 'videoTranscodeRecovery', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "videos_youtube_channel_id_idx";
  DROP INDEX "videos_youtube_removed_at_idx";
  ALTER TABLE "videos" DROP COLUMN "youtube_channel_id";
  ALTER TABLE "videos" DROP COLUMN "youtube_view_count";
  ALTER TABLE "videos" DROP COLUMN "youtube_removed_at";
  ALTER TABLE "videos" DROP COLUMN "is_demo";
  DROP TYPE "public"."enum_youtube_sync_status";
  DROP TYPE "public"."enum_youtube_sync_trigger";`)
}

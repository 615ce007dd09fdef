import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_videos_transcode_status" AS ENUM('queued', 'processing', 'ready', 'failed');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'videoTranscode' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'videoTranscodeRecovery' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'videoTranscode' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'videoTranscodeRecovery' BEFORE 'schedulePublish';
  ALTER TABLE "videos" ADD COLUMN "hls_url" varchar;
  ALTER TABLE "videos" ADD COLUMN "transcode_status" "enum_videos_transcode_status";
  ALTER TABLE "videos" ADD COLUMN "transcode_error" varchar;
  ALTER TABLE "videos" ADD COLUMN "transcoded_at" timestamp(3) with time zone;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'analyticsRollup', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'analyticsRollup', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "videos" DROP COLUMN "hls_url";
  ALTER TABLE "videos" DROP COLUMN "transcode_status";
  ALTER TABLE "videos" DROP COLUMN "transcode_error";
  ALTER TABLE "videos" DROP COLUMN "transcoded_at";
  DROP TYPE "public"."enum_videos_transcode_status";`)
}

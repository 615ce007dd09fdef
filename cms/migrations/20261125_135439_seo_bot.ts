import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_seo_proposals_status" AS ENUM('pending', 'accepted', 'rejected', 'failed');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'seoBotRun' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'seoBotRun' BEFORE 'schedulePublish';
  CREATE TABLE "seo_proposals" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"video_id" integer NOT NULL,
  	"status" "enum_seo_proposals_status" DEFAULT 'pending' NOT NULL,
  	"provider" varchar NOT NULL,
  	"input_hash" varchar NOT NULL,
  	"fields" jsonb,
  	"error" varchar,
  	"auto_accepted" boolean DEFAULT false,
  	"decided_at" timestamp(3) with time zone,
  	"decided_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "seo_bot_state" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"is_running" boolean DEFAULT false,
  	"started_at" timestamp(3) with time zone,
  	"processed_this_session" numeric DEFAULT 0,
  	"auto_accept" boolean DEFAULT false,
  	"last_run_at" timestamp(3) with time zone,
  	"last_run_error" varchar,
  	"run_lease_until" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "seo_proposals" ADD CONSTRAINT "seo_proposals_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "seo_proposals" ADD CONSTRAINT "seo_proposals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "seo_proposals_video_idx" ON "seo_proposals" USING btree ("video_id");
  CREATE INDEX "seo_proposals_status_idx" ON "seo_proposals" USING btree ("status");
  CREATE INDEX "seo_proposals_input_hash_idx" ON "seo_proposals" USING btree ("input_hash");
  CREATE INDEX "seo_proposals_decided_by_idx" ON "seo_proposals" USING btree ("decided_by_id");
  CREATE INDEX "seo_proposals_updated_at_idx" ON "seo_proposals" USING btree ("updated_at");
  CREATE INDEX "seo_proposals_created_at_idx" ON "seo_proposals" USING btree ("created_at");`)
  // Custom (keep when regenerating): a proposal goes with its video (the column is NOT NULL, so
  // "set null" would make deleting the video fail), and a video has at most one pending proposal.
  await db.execute(sql`
   ALTER TABLE "seo_proposals" DROP CONSTRAINT "seo_proposals_video_id_videos_id_fk";
   ALTER TABLE "seo_proposals" ADD CONSTRAINT "seo_proposals_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
   CREATE UNIQUE INDEX "seo_proposals_one_pending_idx" ON "seo_proposals" USING btree ("video_id") WHERE "status" = 'pending';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "seo_proposals" CASCADE;
  DROP TABLE "seo_bot_state" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'analyticsRollup', 'videoTranscode', 'videoTranscodeRecovery', 'youtubeSync', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'analyticsRollup', 'videoTranscode', 'videoTranscodeRecovery', 'youtubeSync', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP TYPE "public"."enum_seo_proposals_status";`)
}

import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_analytics_daily_kind" AS ENUM('site', 'page', 'video');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'analyticsRollup' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'analyticsRollup' BEFORE 'schedulePublish';
  CREATE TABLE "page_views" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"session_id" varchar NOT NULL,
  	"user_id" integer,
  	"path" varchar NOT NULL,
  	"user_agent" varchar,
  	"ip_address" varchar,
  	"referrer" varchar,
  	"timestamp" timestamp(3) with time zone NOT NULL,
  	"duration" numeric
  );
  
  CREATE TABLE "user_sessions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"session_id" varchar NOT NULL,
  	"user_id" integer,
  	"is_authenticated" boolean DEFAULT false,
  	"is_premium" boolean DEFAULT false,
  	"start_time" timestamp(3) with time zone NOT NULL,
  	"end_time" timestamp(3) with time zone NOT NULL,
  	"total_page_views" numeric DEFAULT 0 NOT NULL,
  	"total_duration" numeric DEFAULT 0 NOT NULL
  );
  
  CREATE TABLE "video_analytics" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"video_id" varchar NOT NULL,
  	"session_id" varchar NOT NULL,
  	"user_id" integer,
  	"watch_time" numeric DEFAULT 0 NOT NULL,
  	"completed" boolean DEFAULT false,
  	"timestamp" timestamp(3) with time zone NOT NULL
  );
  
  CREATE TABLE "analytics_daily" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"day" varchar NOT NULL,
  	"kind" "enum_analytics_daily_kind" NOT NULL,
  	"key" varchar DEFAULT '' NOT NULL,
  	"views" numeric DEFAULT 0,
  	"sessions" numeric DEFAULT 0,
  	"signed_in_sessions" numeric DEFAULT 0,
  	"time_on_page" numeric DEFAULT 0,
  	"watch_time" numeric DEFAULT 0,
  	"completions" numeric DEFAULT 0,
  	"sign_ups" numeric DEFAULT 0,
  	"new_premium" numeric DEFAULT 0
  );
  
  CREATE TABLE "payload_jobs_stats" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"stats" jsonb,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "payload_jobs" ADD COLUMN "meta" jsonb;
  ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "video_analytics" ADD CONSTRAINT "video_analytics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "page_views_user_idx" ON "page_views" USING btree ("user_id");
  CREATE INDEX "page_views_timestamp_idx" ON "page_views" USING btree ("timestamp");
  CREATE INDEX "sessionId_timestamp_idx" ON "page_views" USING btree ("session_id","timestamp");
  CREATE UNIQUE INDEX "user_sessions_session_id_idx" ON "user_sessions" USING btree ("session_id");
  CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id");
  CREATE INDEX "user_sessions_start_time_idx" ON "user_sessions" USING btree ("start_time");
  CREATE INDEX "video_analytics_user_idx" ON "video_analytics" USING btree ("user_id");
  CREATE INDEX "video_analytics_timestamp_idx" ON "video_analytics" USING btree ("timestamp");
  CREATE UNIQUE INDEX "sessionId_videoId_idx" ON "video_analytics" USING btree ("session_id","video_id");
  CREATE UNIQUE INDEX "kind_day_key_idx" ON "analytics_daily" USING btree ("kind","day","key");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "page_views" CASCADE;
  DROP TABLE "user_sessions" CASCADE;
  DROP TABLE "video_analytics" CASCADE;
  DROP TABLE "analytics_daily" CASCADE;
  DROP TABLE "payload_jobs_stats" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "payload_jobs" DROP COLUMN "meta";
  DROP TYPE "public"."enum_analytics_daily_kind";`)
}

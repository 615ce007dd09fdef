import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_live_streams_status" AS ENUM('scheduled', 'live', 'ended');
  CREATE TYPE "public"."enum_live_streams_platform" AS ENUM('obs', 'streamyard', 'youtube');
  CREATE TYPE "public"."enum_live_streams_obs_settings_resolution" AS ENUM('1920x1080', '1280x720', '854x480');
  CREATE TYPE "public"."enum_live_streams_obs_settings_frame_rate" AS ENUM('60', '30', '24');
  CREATE TYPE "public"."enum_live_streams_obs_settings_encoder" AS ENUM('x264', 'nvenc', 'quicksync', 'amf', 'apple_vt');
  CREATE TYPE "public"."enum_live_streams_replay_status" AS ENUM('none', 'pending', 'ready', 'failed', 'off');
  CREATE TABLE "live_streams" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"description" varchar,
  	"scheduled_start" timestamp(3) with time zone,
  	"actual_start" timestamp(3) with time zone,
  	"actual_end" timestamp(3) with time zone,
  	"stream_url" varchar,
  	"status" "enum_live_streams_status" DEFAULT 'scheduled' NOT NULL,
  	"is_premium_only" boolean DEFAULT true,
  	"platform" "enum_live_streams_platform" DEFAULT 'obs' NOT NULL,
  	"thumbnail_url" varchar,
  	"viewer_count" numeric DEFAULT 0,
  	"max_viewers" numeric DEFAULT 0,
  	"stream_key" varchar,
  	"obs_settings_resolution" "enum_live_streams_obs_settings_resolution" DEFAULT '1920x1080',
  	"obs_settings_bitrate" numeric DEFAULT 2500,
  	"obs_settings_frame_rate" "enum_live_streams_obs_settings_frame_rate" DEFAULT '30',
  	"obs_settings_encoder" "enum_live_streams_obs_settings_encoder" DEFAULT 'x264',
  	"keep_replay" boolean DEFAULT true,
  	"replay_status" "enum_live_streams_replay_status" DEFAULT 'none',
  	"replay_video_id" integer,
  	"publishing" boolean DEFAULT false,
  	"last_publish_ended_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "live_stream_viewers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"stream_id" integer NOT NULL,
  	"viewer_key" varchar NOT NULL,
  	"last_seen_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "live_chat_messages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"stream_id" integer NOT NULL,
  	"author_id" integer NOT NULL,
  	"body" varchar NOT NULL,
  	"deleted_at" timestamp(3) with time zone,
  	"deleted_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "live_chat_mutes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"stream_id" integer NOT NULL,
  	"member_id" integer NOT NULL,
  	"muted_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_replay_video_id_videos_id_fk" FOREIGN KEY ("replay_video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "live_stream_viewers" ADD CONSTRAINT "live_stream_viewers_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "live_chat_mutes" ADD CONSTRAINT "live_chat_mutes_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "live_chat_mutes" ADD CONSTRAINT "live_chat_mutes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "live_chat_mutes" ADD CONSTRAINT "live_chat_mutes_muted_by_id_users_id_fk" FOREIGN KEY ("muted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "live_streams_scheduled_start_idx" ON "live_streams" USING btree ("scheduled_start");
  CREATE INDEX "live_streams_status_idx" ON "live_streams" USING btree ("status");
  CREATE UNIQUE INDEX "live_streams_stream_key_idx" ON "live_streams" USING btree ("stream_key");
  CREATE INDEX "live_streams_replay_video_idx" ON "live_streams" USING btree ("replay_video_id");
  CREATE INDEX "live_streams_updated_at_idx" ON "live_streams" USING btree ("updated_at");
  CREATE INDEX "live_streams_created_at_idx" ON "live_streams" USING btree ("created_at");
  CREATE INDEX "live_stream_viewers_stream_idx" ON "live_stream_viewers" USING btree ("stream_id");
  CREATE INDEX "live_stream_viewers_last_seen_at_idx" ON "live_stream_viewers" USING btree ("last_seen_at");
  CREATE INDEX "live_stream_viewers_updated_at_idx" ON "live_stream_viewers" USING btree ("updated_at");
  CREATE INDEX "live_stream_viewers_created_at_idx" ON "live_stream_viewers" USING btree ("created_at");
  CREATE UNIQUE INDEX "stream_viewerKey_idx" ON "live_stream_viewers" USING btree ("stream_id","viewer_key");
  CREATE INDEX "live_chat_messages_stream_idx" ON "live_chat_messages" USING btree ("stream_id");
  CREATE INDEX "live_chat_messages_author_idx" ON "live_chat_messages" USING btree ("author_id");
  CREATE INDEX "live_chat_messages_deleted_by_idx" ON "live_chat_messages" USING btree ("deleted_by_id");
  CREATE INDEX "live_chat_messages_updated_at_idx" ON "live_chat_messages" USING btree ("updated_at");
  CREATE INDEX "live_chat_messages_created_at_idx" ON "live_chat_messages" USING btree ("created_at");
  CREATE INDEX "stream_createdAt_idx" ON "live_chat_messages" USING btree ("stream_id","created_at");
  CREATE INDEX "live_chat_mutes_stream_idx" ON "live_chat_mutes" USING btree ("stream_id");
  CREATE INDEX "live_chat_mutes_member_idx" ON "live_chat_mutes" USING btree ("member_id");
  CREATE INDEX "live_chat_mutes_muted_by_idx" ON "live_chat_mutes" USING btree ("muted_by_id");
  CREATE INDEX "live_chat_mutes_updated_at_idx" ON "live_chat_mutes" USING btree ("updated_at");
  CREATE INDEX "live_chat_mutes_created_at_idx" ON "live_chat_mutes" USING btree ("created_at");
  CREATE UNIQUE INDEX "stream_member_idx" ON "live_chat_mutes" USING btree ("stream_id","member_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "live_streams" CASCADE;
  DROP TABLE "live_stream_viewers" CASCADE;
  DROP TABLE "live_chat_messages" CASCADE;
  DROP TABLE "live_chat_mutes" CASCADE;
  DROP TYPE "public"."enum_live_streams_status";
  DROP TYPE "public"."enum_live_streams_platform";
  DROP TYPE "public"."enum_live_streams_obs_settings_resolution";
  DROP TYPE "public"."enum_live_streams_obs_settings_frame_rate";
  DROP TYPE "public"."enum_live_streams_obs_settings_encoder";
  DROP TYPE "public"."enum_live_streams_replay_status";`)
}

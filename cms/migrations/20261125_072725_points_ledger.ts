import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_point_activities_activity_type" AS ENUM('login', 'video_watch', 'video_complete', 'comment_post', 'blog_read', 'bookmark_add', 'profile_update', 'daily_streak', 'premium_subscription', 'content_share', 'age_verification', 'first_comment', 'first_bookmark', 'level_up', 'achievement_unlock', 'community_join');
  CREATE TYPE "public"."enum_achievements_metric" AS ENUM('activity_count', 'streak', 'level', 'total_points', 'member_number');
  CREATE TYPE "public"."enum_achievements_activity_type" AS ENUM('login', 'video_watch', 'video_complete', 'comment_post', 'blog_read', 'bookmark_add', 'profile_update', 'daily_streak', 'premium_subscription', 'content_share', 'age_verification', 'first_comment', 'first_bookmark', 'level_up', 'achievement_unlock', 'community_join');
  CREATE TYPE "public"."enum_achievements_rarity" AS ENUM('legendary', 'epic', 'rare', 'common');
  CREATE TYPE "public"."enum_achievements_category" AS ENUM('engagement', 'social', 'milestone', 'premium', 'special');
  CREATE TYPE "public"."enum_leaderboard_entries_period" AS ENUM('daily', 'weekly', 'monthly', 'all_time');
  CREATE TABLE "point_activities" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"activity_type" "enum_point_activities_activity_type" NOT NULL,
  	"points" numeric NOT NULL,
  	"content_type" varchar,
  	"content_id" varchar,
  	"description" varchar NOT NULL,
  	"metadata" jsonb,
  	"idempotency_key" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "levels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"level" numeric NOT NULL,
  	"points_required" numeric NOT NULL,
  	"title" varchar NOT NULL,
  	"description" varchar,
  	"rewards" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "achievements" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"title" varchar NOT NULL,
  	"description" varchar NOT NULL,
  	"icon" varchar,
  	"color" varchar,
  	"metric" "enum_achievements_metric" DEFAULT 'activity_count' NOT NULL,
  	"activity_type" "enum_achievements_activity_type",
  	"target_count" numeric,
  	"points_required" numeric,
  	"badge" varchar,
  	"is_secret" boolean DEFAULT false,
  	"rarity" "enum_achievements_rarity" DEFAULT 'common' NOT NULL,
  	"category" "enum_achievements_category" DEFAULT 'engagement' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "user_achievements" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"achievement_id" integer NOT NULL,
  	"progress" numeric DEFAULT 0,
  	"unlocked_at" timestamp(3) with time zone,
  	"is_notified" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "leaderboard_entries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"period" "enum_leaderboard_entries_period" NOT NULL,
  	"period_start" timestamp(3) with time zone NOT NULL,
  	"period_end" timestamp(3) with time zone,
  	"points" numeric DEFAULT 0 NOT NULL,
  	"reached_at" timestamp(3) with time zone NOT NULL,
  	"rank" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "video_progress" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"video_id" integer NOT NULL,
  	"last_position" numeric DEFAULT 0 NOT NULL,
  	"covered_seconds" numeric DEFAULT 0 NOT NULL,
  	"last_beat_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "post_reads" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"post_id" integer NOT NULL,
  	"opened_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "time_zone" varchar;
  ALTER TABLE "users" ADD COLUMN "last_streak_day" varchar;
  ALTER TABLE "users" ADD COLUMN "streak_freezes" numeric DEFAULT 0;
  ALTER TABLE "point_activities" ADD CONSTRAINT "point_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "point_activities_user_idx" ON "point_activities" USING btree ("user_id");
  CREATE UNIQUE INDEX "point_activities_idempotency_key_idx" ON "point_activities" USING btree ("idempotency_key");
  CREATE INDEX "point_activities_updated_at_idx" ON "point_activities" USING btree ("updated_at");
  CREATE INDEX "point_activities_created_at_idx" ON "point_activities" USING btree ("created_at");
  CREATE INDEX "user_activityType_createdAt_idx" ON "point_activities" USING btree ("user_id","activity_type","created_at");
  CREATE INDEX "user_createdAt_idx" ON "point_activities" USING btree ("user_id","created_at");
  CREATE UNIQUE INDEX "levels_level_idx" ON "levels" USING btree ("level");
  CREATE INDEX "levels_points_required_idx" ON "levels" USING btree ("points_required");
  CREATE INDEX "levels_updated_at_idx" ON "levels" USING btree ("updated_at");
  CREATE INDEX "levels_created_at_idx" ON "levels" USING btree ("created_at");
  CREATE UNIQUE INDEX "achievements_name_idx" ON "achievements" USING btree ("name");
  CREATE INDEX "achievements_updated_at_idx" ON "achievements" USING btree ("updated_at");
  CREATE INDEX "achievements_created_at_idx" ON "achievements" USING btree ("created_at");
  CREATE INDEX "user_achievements_user_idx" ON "user_achievements" USING btree ("user_id");
  CREATE INDEX "user_achievements_achievement_idx" ON "user_achievements" USING btree ("achievement_id");
  CREATE INDEX "user_achievements_unlocked_at_idx" ON "user_achievements" USING btree ("unlocked_at");
  CREATE INDEX "user_achievements_updated_at_idx" ON "user_achievements" USING btree ("updated_at");
  CREATE INDEX "user_achievements_created_at_idx" ON "user_achievements" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_achievement_idx" ON "user_achievements" USING btree ("user_id","achievement_id");
  CREATE INDEX "leaderboard_entries_user_idx" ON "leaderboard_entries" USING btree ("user_id");
  CREATE INDEX "leaderboard_entries_updated_at_idx" ON "leaderboard_entries" USING btree ("updated_at");
  CREATE INDEX "leaderboard_entries_created_at_idx" ON "leaderboard_entries" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_period_periodStart_idx" ON "leaderboard_entries" USING btree ("user_id","period","period_start");
  CREATE INDEX "video_progress_user_idx" ON "video_progress" USING btree ("user_id");
  CREATE INDEX "video_progress_video_idx" ON "video_progress" USING btree ("video_id");
  CREATE INDEX "video_progress_updated_at_idx" ON "video_progress" USING btree ("updated_at");
  CREATE INDEX "video_progress_created_at_idx" ON "video_progress" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_video_idx" ON "video_progress" USING btree ("user_id","video_id");
  CREATE INDEX "post_reads_user_idx" ON "post_reads" USING btree ("user_id");
  CREATE INDEX "post_reads_post_idx" ON "post_reads" USING btree ("post_id");
  CREATE INDEX "post_reads_updated_at_idx" ON "post_reads" USING btree ("updated_at");
  CREATE INDEX "post_reads_created_at_idx" ON "post_reads" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_post_idx" ON "post_reads" USING btree ("user_id","post_id");
  CREATE INDEX "leaderboard_entries_board_idx" ON "leaderboard_entries" USING btree ("period","period_start","points" DESC,"reached_at","user_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "point_activities" CASCADE;
  DROP TABLE "levels" CASCADE;
  DROP TABLE "achievements" CASCADE;
  DROP TABLE "user_achievements" CASCADE;
  DROP TABLE "leaderboard_entries" CASCADE;
  DROP TABLE "video_progress" CASCADE;
  DROP TABLE "post_reads" CASCADE;
  ALTER TABLE "users" DROP COLUMN "time_zone";
  ALTER TABLE "users" DROP COLUMN "last_streak_day";
  ALTER TABLE "users" DROP COLUMN "streak_freezes";
  DROP TYPE "public"."enum_point_activities_activity_type";
  DROP TYPE "public"."enum_achievements_metric";
  DROP TYPE "public"."enum_achievements_activity_type";
  DROP TYPE "public"."enum_achievements_rarity";
  DROP TYPE "public"."enum_achievements_category";
  DROP TYPE "public"."enum_leaderboard_entries_period";`)
}

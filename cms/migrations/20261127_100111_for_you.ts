import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

import { STARTER_TAGS } from '../services/recommendations/mood-map'

/** A tag name as cms/services/recommendations/tag-names.ts spells it, in SQL. */
const normalised = (column: string) => sql.raw(`left(lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g')), 60)`)

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_content_tags_moods" AS ENUM('inspired', 'reflective', 'angry', 'hopeful', 'sad', 'energized', 'curious', 'frustrated', 'peaceful', 'determined');
  CREATE TYPE "public"."enum_content_tags_category" AS ENUM('mood', 'topic', 'emotion', 'theme', 'genre');
  CREATE TYPE "public"."enum_video_tags_source" AS ENUM('editor', 'tags');
  CREATE TYPE "public"."enum_user_moods_mood" AS ENUM('inspired', 'reflective', 'angry', 'hopeful', 'sad', 'energized', 'curious', 'frustrated', 'peaceful', 'determined');
  CREATE TYPE "public"."enum_user_preferences_preferred_moods" AS ENUM('inspired', 'reflective', 'angry', 'hopeful', 'sad', 'energized', 'curious', 'frustrated', 'peaceful', 'determined');
  CREATE TYPE "public"."enum_recommendations_content_type" AS ENUM('video', 'blog_post');
  CREATE TYPE "public"."enum_recommendations_recommendation_type" AS ENUM('mood_based', 'trending', 'similar_content', 'category_based', 'personalized');
  CREATE TYPE "public"."enum_recommendations_mood_context" AS ENUM('inspired', 'reflective', 'angry', 'hopeful', 'sad', 'energized', 'curious', 'frustrated', 'peaceful', 'determined');
  CREATE TYPE "public"."enum_recommendations_feedback" AS ENUM('liked', 'disliked', 'not_interested');
  CREATE TABLE "content_tags_moods" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_content_tags_moods",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "content_tags" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"category" "enum_content_tags_category" DEFAULT 'topic' NOT NULL,
  	"description" varchar,
  	"color" varchar DEFAULT '#3b82f6',
  	"source_category_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "video_tags" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"video_id" integer NOT NULL,
  	"tag_id" integer NOT NULL,
  	"relevance_score" numeric DEFAULT 1 NOT NULL,
  	"source" "enum_video_tags_source" DEFAULT 'editor' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "post_tags" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"post_id" integer NOT NULL,
  	"tag_id" integer NOT NULL,
  	"relevance_score" numeric DEFAULT 1 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "user_moods" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"mood" "enum_user_moods_mood" NOT NULL,
  	"intensity" numeric DEFAULT 0.5 NOT NULL,
  	"context" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "user_preferences_preferred_moods" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_user_preferences_preferred_moods",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "user_preferences" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"content_preferences" jsonb,
  	"avoided_content" jsonb,
  	"recommendation_settings_diversity_factor" numeric DEFAULT 0.3 NOT NULL,
  	"recommendation_settings_mood_weight" numeric DEFAULT 0.4 NOT NULL,
  	"recommendation_settings_popularity_weight" numeric DEFAULT 0.2 NOT NULL,
  	"recommendation_settings_personality_weight" numeric DEFAULT 0.4 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "recommendations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"content_type" "enum_recommendations_content_type" NOT NULL,
  	"video_id" integer,
  	"post_id" integer,
  	"recommendation_type" "enum_recommendations_recommendation_type" NOT NULL,
  	"score" numeric NOT NULL,
  	"reason" varchar NOT NULL,
  	"mood_context" "enum_recommendations_mood_context",
  	"is_viewed" boolean DEFAULT false,
  	"is_interacted" boolean DEFAULT false,
  	"feedback" "enum_recommendations_feedback",
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "content_tags_moods" ADD CONSTRAINT "content_tags_moods_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."content_tags"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "content_tags" ADD CONSTRAINT "content_tags_source_category_id_categories_id_fk" FOREIGN KEY ("source_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_tag_id_content_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."content_tags"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_tag_id_content_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."content_tags"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "user_moods" ADD CONSTRAINT "user_moods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "user_preferences_preferred_moods" ADD CONSTRAINT "user_preferences_preferred_moods_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."user_preferences"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "content_tags_moods_order_idx" ON "content_tags_moods" USING btree ("order");
  CREATE INDEX "content_tags_moods_parent_idx" ON "content_tags_moods" USING btree ("parent_id");
  CREATE UNIQUE INDEX "content_tags_name_idx" ON "content_tags" USING btree ("name");
  CREATE UNIQUE INDEX "content_tags_source_category_idx" ON "content_tags" USING btree ("source_category_id");
  CREATE INDEX "content_tags_updated_at_idx" ON "content_tags" USING btree ("updated_at");
  CREATE INDEX "content_tags_created_at_idx" ON "content_tags" USING btree ("created_at");
  CREATE INDEX "video_tags_video_idx" ON "video_tags" USING btree ("video_id");
  CREATE INDEX "video_tags_tag_idx" ON "video_tags" USING btree ("tag_id");
  CREATE INDEX "video_tags_updated_at_idx" ON "video_tags" USING btree ("updated_at");
  CREATE INDEX "video_tags_created_at_idx" ON "video_tags" USING btree ("created_at");
  CREATE UNIQUE INDEX "video_tag_idx" ON "video_tags" USING btree ("video_id","tag_id");
  CREATE INDEX "post_tags_post_idx" ON "post_tags" USING btree ("post_id");
  CREATE INDEX "post_tags_tag_idx" ON "post_tags" USING btree ("tag_id");
  CREATE INDEX "post_tags_updated_at_idx" ON "post_tags" USING btree ("updated_at");
  CREATE INDEX "post_tags_created_at_idx" ON "post_tags" USING btree ("created_at");
  CREATE UNIQUE INDEX "post_tag_idx" ON "post_tags" USING btree ("post_id","tag_id");
  CREATE INDEX "user_moods_user_idx" ON "user_moods" USING btree ("user_id");
  CREATE INDEX "user_moods_updated_at_idx" ON "user_moods" USING btree ("updated_at");
  CREATE INDEX "user_moods_created_at_idx" ON "user_moods" USING btree ("created_at");
  CREATE INDEX "user_createdAt_1_idx" ON "user_moods" USING btree ("user_id","created_at");
  CREATE INDEX "user_preferences_preferred_moods_order_idx" ON "user_preferences_preferred_moods" USING btree ("order");
  CREATE INDEX "user_preferences_preferred_moods_parent_idx" ON "user_preferences_preferred_moods" USING btree ("parent_id");
  CREATE UNIQUE INDEX "user_preferences_user_idx" ON "user_preferences" USING btree ("user_id");
  CREATE INDEX "user_preferences_updated_at_idx" ON "user_preferences" USING btree ("updated_at");
  CREATE INDEX "user_preferences_created_at_idx" ON "user_preferences" USING btree ("created_at");
  CREATE INDEX "recommendations_user_idx" ON "recommendations" USING btree ("user_id");
  CREATE INDEX "recommendations_video_idx" ON "recommendations" USING btree ("video_id");
  CREATE INDEX "recommendations_post_idx" ON "recommendations" USING btree ("post_id");
  CREATE INDEX "recommendations_expires_at_idx" ON "recommendations" USING btree ("expires_at");
  CREATE INDEX "recommendations_updated_at_idx" ON "recommendations" USING btree ("updated_at");
  CREATE INDEX "recommendations_created_at_idx" ON "recommendations" USING btree ("created_at");
  CREATE INDEX "user_createdAt_2_idx" ON "recommendations" USING btree ("user_id","created_at");`)

  // The one vocabulary, filled from what the site already has: the starter mood map, a topic tag
  // for every category, and every video's own tags (kept in step from now on by the hooks in
  // cms/services/recommendations/vocabulary.ts).
  for (const tag of STARTER_TAGS) {
    const inserted = await db.execute(sql`insert into content_tags (name, category, description) values (${tag.name}, ${tag.category}, ${tag.description})
      on conflict (name) do nothing returning id`)
    const id = (inserted.rows[0] as { id: number } | undefined)?.id
    if (id === undefined) continue
    for (const [order, mood] of tag.moods.entries()) {
      await db.execute(sql`insert into content_tags_moods ("order", parent_id, value) values (${order + 1}, ${id}, ${mood})`)
    }
  }
  await db.execute(sql`
    insert into content_tags (name, category, source_category_id)
      select ${normalised('name')}, 'topic', id from categories order by id
      on conflict (name) do update set source_category_id = excluded.source_category_id where content_tags.source_category_id is null;
    insert into content_tags (name, category)
      select distinct ${normalised('text')}, 'topic'::enum_content_tags_category from videos_texts where path = 'tags' and btrim(coalesce(text, '')) <> ''
      on conflict (name) do nothing;
    insert into video_tags (video_id, tag_id, relevance_score, source)
      select distinct vt.parent_id, ct.id, 1, 'tags'::enum_video_tags_source from videos_texts vt join content_tags ct on ct.name = ${normalised('vt.text')}
      where vt.path = 'tags'
      on conflict (video_id, tag_id) do nothing;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "content_tags_moods" CASCADE;
  DROP TABLE "content_tags" CASCADE;
  DROP TABLE "video_tags" CASCADE;
  DROP TABLE "post_tags" CASCADE;
  DROP TABLE "user_moods" CASCADE;
  DROP TABLE "user_preferences_preferred_moods" CASCADE;
  DROP TABLE "user_preferences" CASCADE;
  DROP TABLE "recommendations" CASCADE;
  DROP TYPE "public"."enum_content_tags_moods";
  DROP TYPE "public"."enum_content_tags_category";
  DROP TYPE "public"."enum_video_tags_source";
  DROP TYPE "public"."enum_user_moods_mood";
  DROP TYPE "public"."enum_user_preferences_preferred_moods";
  DROP TYPE "public"."enum_recommendations_content_type";
  DROP TYPE "public"."enum_recommendations_recommendation_type";
  DROP TYPE "public"."enum_recommendations_mood_context";
  DROP TYPE "public"."enum_recommendations_feedback";`)
}

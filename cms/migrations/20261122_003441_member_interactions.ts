import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_bookmarks_content_type" AS ENUM('video', 'blog_post');
  CREATE TABLE "bookmarks" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"content_type" "enum_bookmarks_content_type" NOT NULL,
  	"content_id" varchar NOT NULL,
  	"title" varchar NOT NULL,
  	"thumbnail_url" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "comment_likes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"comment_id" integer NOT NULL,
  	"user_id" integer NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "comment_reactions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"comment_id" integer NOT NULL,
  	"user_id" integer NOT NULL,
  	"emoji" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "bookmarks_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "comment_likes_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "comment_reactions_id" integer;
  ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "bookmarks_user_idx" ON "bookmarks" USING btree ("user_id");
  CREATE INDEX "bookmarks_updated_at_idx" ON "bookmarks" USING btree ("updated_at");
  CREATE INDEX "bookmarks_created_at_idx" ON "bookmarks" USING btree ("created_at");
  CREATE INDEX "comment_likes_comment_idx" ON "comment_likes" USING btree ("comment_id");
  CREATE INDEX "comment_likes_user_idx" ON "comment_likes" USING btree ("user_id");
  CREATE INDEX "comment_likes_updated_at_idx" ON "comment_likes" USING btree ("updated_at");
  CREATE INDEX "comment_likes_created_at_idx" ON "comment_likes" USING btree ("created_at");
  CREATE INDEX "comment_reactions_comment_idx" ON "comment_reactions" USING btree ("comment_id");
  CREATE INDEX "comment_reactions_user_idx" ON "comment_reactions" USING btree ("user_id");
  CREATE INDEX "comment_reactions_updated_at_idx" ON "comment_reactions" USING btree ("updated_at");
  CREATE INDEX "comment_reactions_created_at_idx" ON "comment_reactions" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_bookmarks_fk" FOREIGN KEY ("bookmarks_id") REFERENCES "public"."bookmarks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_comment_likes_fk" FOREIGN KEY ("comment_likes_id") REFERENCES "public"."comment_likes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_comment_reactions_fk" FOREIGN KEY ("comment_reactions_id") REFERENCES "public"."comment_reactions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_bookmarks_id_idx" ON "payload_locked_documents_rels" USING btree ("bookmarks_id");
  CREATE INDEX "payload_locked_documents_rels_comment_likes_id_idx" ON "payload_locked_documents_rels" USING btree ("comment_likes_id");
  CREATE INDEX "payload_locked_documents_rels_comment_reactions_id_idx" ON "payload_locked_documents_rels" USING btree ("comment_reactions_id");`)
  // One row per member and item even under concurrent clicks: the services insert-or-ignore
  // against these. Named after their tables (Payload's compound-index names are global and short).
  await db.execute(sql`
  CREATE UNIQUE INDEX "bookmarks_user_content_unique" ON "bookmarks" USING btree ("user_id","content_type","content_id");
  CREATE UNIQUE INDEX "comment_likes_comment_user_unique" ON "comment_likes" USING btree ("comment_id","user_id");
  CREATE UNIQUE INDEX "comment_reactions_comment_user_emoji_unique" ON "comment_reactions" USING btree ("comment_id","user_id","emoji");
  CREATE INDEX "comments_video_created_at_idx" ON "comments" USING btree ("video_id","created_at");`)
  // These rows belong to their comment and member: they go with them (the generated "set null"
  // would break the NOT NULL columns when a member or comment is deleted).
  await db.execute(sql`
  ALTER TABLE "bookmarks" DROP CONSTRAINT "bookmarks_user_id_users_id_fk";
  ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "comment_likes" DROP CONSTRAINT "comment_likes_comment_id_comments_id_fk";
  ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "comment_likes" DROP CONSTRAINT "comment_likes_user_id_users_id_fk";
  ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "comment_reactions" DROP CONSTRAINT "comment_reactions_comment_id_comments_id_fk";
  ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "comment_reactions" DROP CONSTRAINT "comment_reactions_user_id_users_id_fk";
  ALTER TABLE "comment_reactions" ADD CONSTRAINT "comment_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP INDEX IF EXISTS "comments_video_created_at_idx";`)
  await db.execute(sql`
   ALTER TABLE "bookmarks" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "comment_likes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "comment_reactions" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "bookmarks" CASCADE;
  DROP TABLE "comment_likes" CASCADE;
  DROP TABLE "comment_reactions" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_bookmarks_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_comment_likes_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_comment_reactions_fk";
  
  DROP INDEX "payload_locked_documents_rels_bookmarks_id_idx";
  DROP INDEX "payload_locked_documents_rels_comment_likes_id_idx";
  DROP INDEX "payload_locked_documents_rels_comment_reactions_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "bookmarks_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "comment_likes_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "comment_reactions_id";
  DROP TYPE "public"."enum_bookmarks_content_type";`)
}

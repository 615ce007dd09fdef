import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "video_views" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"video_id" integer NOT NULL,
  	"viewer_key" varchar NOT NULL,
  	"hour" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "video_views_id" integer;
  ALTER TABLE "video_views" ADD CONSTRAINT "video_views_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "video_views_video_idx" ON "video_views" USING btree ("video_id");
  CREATE INDEX "video_views_hour_idx" ON "video_views" USING btree ("hour");
  CREATE INDEX "video_views_updated_at_idx" ON "video_views" USING btree ("updated_at");
  CREATE INDEX "video_views_created_at_idx" ON "video_views" USING btree ("created_at");
  CREATE UNIQUE INDEX "video_viewerKey_hour_idx" ON "video_views" USING btree ("video_id","viewer_key","hour");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_video_views_fk" FOREIGN KEY ("video_views_id") REFERENCES "public"."video_views"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_video_views_id_idx" ON "payload_locked_documents_rels" USING btree ("video_views_id");`)
  // Custom: a view row cannot outlive its video (the column is NOT NULL, so "set null" would make
  // deleting a watched video fail).
  await db.execute(sql`
   ALTER TABLE "video_views" DROP CONSTRAINT "video_views_video_id_videos_id_fk";
   ALTER TABLE "video_views" ADD CONSTRAINT "video_views_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "video_views" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "video_views" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_video_views_fk";
  
  DROP INDEX "payload_locked_documents_rels_video_views_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "video_views_id";`)
}

import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "videos_captions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"language" varchar NOT NULL,
  	"label" varchar NOT NULL,
  	"url" varchar NOT NULL
  );
  
  ALTER TABLE "videos" ADD COLUMN "transcode_progress" jsonb;
  ALTER TABLE "videos" ADD COLUMN "thumbnail_frames" jsonb;
  ALTER TABLE "videos_captions" ADD CONSTRAINT "videos_captions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "videos_captions_order_idx" ON "videos_captions" USING btree ("_order");
  CREATE INDEX "videos_captions_parent_id_idx" ON "videos_captions" USING btree ("_parent_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "videos_captions" CASCADE;
  ALTER TABLE "videos" DROP COLUMN "transcode_progress";
  ALTER TABLE "videos" DROP COLUMN "thumbnail_frames";`)
}

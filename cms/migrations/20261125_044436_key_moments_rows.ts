import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Key moments become an array field (one row per moment in videos_key_moments) instead of the
// free JSON column, whose code editor could not load under the /cms CSP. The JSON items move over
// in their order; items that are not { timestamp, description } strings (which the site already
// dropped) are left behind. Rows that break the new rules (format, order, past the end) move as
// they are: the site shows them as before, and /cms asks for a fix on the next save.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "videos_key_moments" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"timestamp" varchar NOT NULL,
  	"description" varchar NOT NULL
  );
  
  ALTER TABLE "videos_key_moments" ADD CONSTRAINT "videos_key_moments_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "videos_key_moments_order_idx" ON "videos_key_moments" USING btree ("_order");
  CREATE INDEX "videos_key_moments_parent_id_idx" ON "videos_key_moments" USING btree ("_parent_id");`)

  // DATA-MIGRATION START
  // Runs after videos_key_moments exists and before videos.key_moments is dropped. Row ids are
  // 24 hex characters, like the ones Payload gives new array rows.
  await db.execute(sql`
  INSERT INTO "videos_key_moments" ("_order", "_parent_id", "id", "timestamp", "description")
  SELECT m.position::integer, v."id",
         substr(md5(v."id"::text || ':' || m.position::text || ':' || random()::text), 1, 24),
         btrim(m.item->>'timestamp'), btrim(m.item->>'description')
  FROM "videos" v
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(v."key_moments") = 'array' THEN v."key_moments" ELSE '[]'::jsonb END
  ) WITH ORDINALITY AS m(item, position)
  WHERE jsonb_typeof(m.item) = 'object'
    AND jsonb_typeof(m.item->'timestamp') = 'string'
    AND jsonb_typeof(m.item->'description') = 'string'
    AND btrim(m.item->>'timestamp') <> ''
    AND btrim(m.item->>'description') <> '';`)
  // DATA-MIGRATION END

  await db.execute(sql`
  ALTER TABLE "videos" DROP COLUMN "key_moments";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "videos" ADD COLUMN "key_moments" jsonb;`)

  // DATA-MIGRATION START
  // Back to one JSON array per video, in row order (before videos_key_moments is dropped).
  await db.execute(sql`
  UPDATE "videos" v SET "key_moments" = (
    SELECT jsonb_agg(jsonb_build_object('timestamp', k."timestamp", 'description', k."description") ORDER BY k."_order")
    FROM "videos_key_moments" k WHERE k."_parent_id" = v."id"
  )
  WHERE EXISTS (SELECT 1 FROM "videos_key_moments" k WHERE k."_parent_id" = v."id");`)
  // DATA-MIGRATION END

  await db.execute(sql`
   DROP TABLE "videos_key_moments" CASCADE;`)
}

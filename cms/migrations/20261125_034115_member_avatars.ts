import { copyFile, mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'

import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/** Where uploads live: the same folders as the Media and Avatars collections' `staticDir`. */
const uploadsDir = (collection: 'media' | 'avatars') => path.resolve(process.env.DATA_DIR ?? '.data', collection)

type FileRow = { filename: string | null; sizes?: (string | null)[] | null; keep_original?: boolean }

/**
 * Moves (or copies, when the old collection keeps its row) each file to the other collection's
 * folder and removes the old image sizes. A missing file is skipped: the row still moves, and the
 * picture shows as missing rather than the migration failing.
 */
async function moveFiles(rows: FileRow[], from: 'media' | 'avatars', to: 'media' | 'avatars') {
  await mkdir(uploadsDir(to), { recursive: true })
  for (const row of rows) {
    if (!row.filename) continue
    const source = path.join(uploadsDir(from), row.filename)
    const target = path.join(uploadsDir(to), row.filename)
    await (row.keep_original ? copyFile(source, target) : rename(source, target)).catch(() => undefined)
    if (row.keep_original) continue
    for (const size of row.sizes ?? []) if (size) await rm(path.join(uploadsDir(from), size), { force: true })
  }
}

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "avatars" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"alt" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  ALTER TABLE "users" DROP CONSTRAINT "users_profile_picture_id_media_id_fk";
  
  CREATE INDEX "avatars_updated_at_idx" ON "avatars" USING btree ("updated_at");
  CREATE INDEX "avatars_created_at_idx" ON "avatars" USING btree ("created_at");
  CREATE UNIQUE INDEX "avatars_filename_idx" ON "avatars" USING btree ("filename");`)

  // DATA-MIGRATION START
  // Members' pictures leave the creator's Media library: every avatar-… upload, and any other
  // image a member's profile points at (copied: the creator may use it elsewhere too).
  const moved = await db.execute(sql`
    SELECT m.filename, ARRAY[m.sizes_thumbnail_filename, m.sizes_square_filename] AS sizes,
      (m.filename NOT LIKE 'avatar-%') AS keep_original
    FROM media m
    WHERE m.filename LIKE 'avatar-%' OR m.id IN (SELECT profile_picture_id FROM users WHERE profile_picture_id IS NOT NULL)`)
  await db.execute(sql`
    INSERT INTO avatars (alt, updated_at, created_at, filename, mime_type, filesize, width, height, focal_x, focal_y)
    SELECT alt, updated_at, created_at, filename, mime_type, filesize, width, height, focal_x, focal_y
    FROM media m
    WHERE m.filename LIKE 'avatar-%' OR m.id IN (SELECT profile_picture_id FROM users WHERE profile_picture_id IS NOT NULL);
    UPDATE users u SET profile_picture_id = a.id FROM media m JOIN avatars a ON a.filename = m.filename WHERE u.profile_picture_id = m.id;
    UPDATE users SET profile_picture_id = NULL WHERE profile_picture_id IS NOT NULL AND profile_picture_id NOT IN (SELECT id FROM avatars);
    DELETE FROM media WHERE filename LIKE 'avatar-%';`)
  await moveFiles(moved.rows as FileRow[], 'media', 'avatars')
  // DATA-MIGRATION END

  await db.execute(sql`
  ALTER TABLE "users" ADD CONSTRAINT "users_profile_picture_id_avatars_id_fk" FOREIGN KEY ("profile_picture_id") REFERENCES "public"."avatars"("id") ON DELETE set null ON UPDATE no action;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "users" DROP CONSTRAINT "users_profile_picture_id_avatars_id_fk";`)
  // DATA-MIGRATION START
  // Back into Media: pictures Media still has (copied up) keep that row; the others move back.
  const moved = await db.execute(sql`
    SELECT a.filename, (EXISTS (SELECT 1 FROM media m WHERE m.filename = a.filename)) AS keep_original FROM avatars a`)
  await db.execute(sql`
    INSERT INTO media (alt, updated_at, created_at, filename, mime_type, filesize, width, height, focal_x, focal_y)
    SELECT alt, updated_at, created_at, filename, mime_type, filesize, width, height, focal_x, focal_y
    FROM avatars a WHERE NOT EXISTS (SELECT 1 FROM media m WHERE m.filename = a.filename);
    UPDATE users u SET profile_picture_id = m.id FROM avatars a JOIN media m ON m.filename = a.filename WHERE u.profile_picture_id = a.id;`)
  const back = (moved.rows as FileRow[]).filter((row) => !row.keep_original)
  await moveFiles(back, 'avatars', 'media')
  // DATA-MIGRATION END
  await db.execute(sql`
   ALTER TABLE "avatars" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "avatars" CASCADE;
  
  ALTER TABLE "users" ADD CONSTRAINT "users_profile_picture_id_media_id_fk" FOREIGN KEY ("profile_picture_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;`)
}

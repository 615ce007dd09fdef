import { rm } from 'node:fs/promises'
import path from 'node:path'

import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Media's 256×256 square crop went with members' pictures (now in `avatars`): nothing uses it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  // DATA-MIGRATION START
  // Its files go too (the originals and the other sizes stay).
  const { rows } = await db.execute(sql`SELECT sizes_square_filename AS name FROM media WHERE sizes_square_filename IS NOT NULL`)
  const dir = path.resolve(process.env.DATA_DIR ?? '.data', 'media')
  for (const { name } of rows as { name: string }[]) if (!/[/\\]/.test(name)) await rm(path.join(dir, name), { force: true })
  // DATA-MIGRATION END
  await db.execute(sql`
   DROP INDEX "media_sizes_square_sizes_square_filename_idx";
  ALTER TABLE "media" DROP COLUMN "sizes_square_url";
  ALTER TABLE "media" DROP COLUMN "sizes_square_width";
  ALTER TABLE "media" DROP COLUMN "sizes_square_height";
  ALTER TABLE "media" DROP COLUMN "sizes_square_mime_type";
  ALTER TABLE "media" DROP COLUMN "sizes_square_filesize";
  ALTER TABLE "media" DROP COLUMN "sizes_square_filename";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "media" ADD COLUMN "sizes_square_url" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_square_width" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_square_height" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_square_mime_type" varchar;
  ALTER TABLE "media" ADD COLUMN "sizes_square_filesize" numeric;
  ALTER TABLE "media" ADD COLUMN "sizes_square_filename" varchar;
  CREATE INDEX "media_sizes_square_sizes_square_filename_idx" ON "media" USING btree ("sizes_square_filename");`)
}

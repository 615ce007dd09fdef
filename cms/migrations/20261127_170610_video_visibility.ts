import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// Who a video is for: the column's default fills existing rows, so every video so far stays public.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_videos_visibility" AS ENUM('public', 'unlisted', 'private');
  ALTER TABLE "videos" ADD COLUMN "visibility" "enum_videos_visibility" DEFAULT 'public';
  CREATE INDEX "videos_visibility_idx" ON "videos" USING btree ("visibility");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "videos_visibility_idx";
  ALTER TABLE "videos" DROP COLUMN "visibility";
  DROP TYPE "public"."enum_videos_visibility";`)
}

import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_posts_earlyaccessuntil_tz" AS ENUM('America/New_York');
  CREATE TYPE "public"."enum__posts_v_version_earlyaccessuntil_tz" AS ENUM('America/New_York');
  CREATE TYPE "public"."enum_videos_earlyaccessuntil_tz" AS ENUM('America/New_York');
  ALTER TABLE "posts" ADD COLUMN "early_access_until" timestamp(3) with time zone;
  ALTER TABLE "posts" ADD COLUMN "earlyaccessuntil_tz" "enum_posts_earlyaccessuntil_tz" DEFAULT 'America/New_York';
  ALTER TABLE "_posts_v" ADD COLUMN "version_early_access_until" timestamp(3) with time zone;
  ALTER TABLE "_posts_v" ADD COLUMN "version_earlyaccessuntil_tz" "enum__posts_v_version_earlyaccessuntil_tz" DEFAULT 'America/New_York';
  ALTER TABLE "videos" ADD COLUMN "early_access_until" timestamp(3) with time zone;
  ALTER TABLE "videos" ADD COLUMN "earlyaccessuntil_tz" "enum_videos_earlyaccessuntil_tz" DEFAULT 'America/New_York';
  CREATE INDEX "posts_early_access_until_idx" ON "posts" USING btree ("early_access_until");
  CREATE INDEX "_posts_v_version_version_early_access_until_idx" ON "_posts_v" USING btree ("version_early_access_until");
  CREATE INDEX "videos_early_access_until_idx" ON "videos" USING btree ("early_access_until");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "posts_early_access_until_idx";
  DROP INDEX "_posts_v_version_version_early_access_until_idx";
  DROP INDEX "videos_early_access_until_idx";
  ALTER TABLE "posts" DROP COLUMN "early_access_until";
  ALTER TABLE "posts" DROP COLUMN "earlyaccessuntil_tz";
  ALTER TABLE "_posts_v" DROP COLUMN "version_early_access_until";
  ALTER TABLE "_posts_v" DROP COLUMN "version_earlyaccessuntil_tz";
  ALTER TABLE "videos" DROP COLUMN "early_access_until";
  ALTER TABLE "videos" DROP COLUMN "earlyaccessuntil_tz";
  DROP TYPE "public"."enum_posts_earlyaccessuntil_tz";
  DROP TYPE "public"."enum__posts_v_version_earlyaccessuntil_tz";
  DROP TYPE "public"."enum_videos_earlyaccessuntil_tz";`)
}

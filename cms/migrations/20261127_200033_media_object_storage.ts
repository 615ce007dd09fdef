import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// The storage adapter's bookkeeping columns on the two upload collections (cms/plugins/storage.ts):
// present with or without a bucket, so the schema does not depend on S3_BUCKET.

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "media" ADD COLUMN "prefix" varchar DEFAULT '';
  ALTER TABLE "media" ADD COLUMN "_objectkey" varchar;
  ALTER TABLE "avatars" ADD COLUMN "prefix" varchar DEFAULT '';
  ALTER TABLE "avatars" ADD COLUMN "_objectkey" varchar;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "media" DROP COLUMN "prefix";
  ALTER TABLE "media" DROP COLUMN "_objectkey";
  ALTER TABLE "avatars" DROP COLUMN "prefix";
  ALTER TABLE "avatars" DROP COLUMN "_objectkey";`)
}

import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// publishedAt: the date a post was first published (readers' date, list order, feeds). Posts
// published before it existed keep the date they showed until now, their createdAt.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "posts" ADD COLUMN "published_at" timestamp(3) with time zone;
  CREATE INDEX "posts_published_at_idx" ON "posts" USING btree ("published_at");
  UPDATE "posts" SET "published_at" = "created_at" WHERE "status" = 'published';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "posts_published_at_idx";
  ALTER TABLE "posts" DROP COLUMN "published_at";`)
}

import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

// The SEO bot's proposals are decided field by field: what became of each field is kept here.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "seo_proposals" ADD COLUMN "decisions" jsonb;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "seo_proposals" DROP COLUMN "decisions";`)
}

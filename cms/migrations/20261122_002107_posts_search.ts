import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { convertLexicalToPlaintext } from '@payloadcms/richtext-lexical/plaintext'

/**
 * Full-text search over posts: `search_text` (plain text of the Lexical body, written by the
 * Posts beforeChange hook) plus a generated, weighted tsvector (title A, excerpt B, body C) with a
 * GIN index. Posts saved before this migration get their search_text filled here.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "posts" ADD COLUMN "search_text" varchar;`)

  const existing = await db.execute(sql`SELECT "id", "content" FROM "posts"`)
  for (const row of existing.rows as { id: number; content: unknown }[]) {
    const content = typeof row.content === 'string' ? JSON.parse(row.content) : row.content
    if (!content || typeof content !== 'object') continue
    const text = convertLexicalToPlaintext({ data: content as Parameters<typeof convertLexicalToPlaintext>[0]['data'] })
    await db.execute(sql`UPDATE "posts" SET "search_text" = ${text} WHERE "id" = ${row.id}`)
  }

  await db.execute(sql`
   ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
     setweight(to_tsvector('english', coalesce("title", '')), 'A') ||
     setweight(to_tsvector('english', coalesce("excerpt", '')), 'B') ||
     setweight(to_tsvector('english', coalesce("search_text", '')), 'C')
   ) STORED;
   CREATE INDEX "posts_search_vector_idx" ON "posts" USING gin ("search_vector");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX IF EXISTS "posts_search_vector_idx";
   ALTER TABLE "posts" DROP COLUMN IF EXISTS "search_vector";
   ALTER TABLE "posts" DROP COLUMN "search_text";`)
}

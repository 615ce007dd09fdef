import { sql, type PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { PostStatus } from '../../../shared/types/content'

export type SearchFilter = {
  text: string
  status?: PostStatus
  categoryId?: number | null
  limit: number
  page: number
  /**
   * Whether the reader may open posts in early access (the premium gate's opensEverything). When
   * not, such a post matches, and ranks, on its title and excerpt only: its body is neither
   * searched nor hinted at until it opens to everyone at `now`.
   */
  opensEarlyAccess?: boolean
  now?: Date
}

/**
 * Full-text search over posts.search_vector (title A, excerpt B, body C; see the posts_search
 * migration), ranked by ts_rank then newest first. websearch_to_tsquery accepts anything a person
 * types ("quoted phrases", -exclusions, or) without syntax errors. Every value is a bound parameter.
 * Returns the ids of one page in rank order, and the number of matches.
 */
export async function searchPostIds(payload: Payload, filter: SearchFilter): Promise<{ ids: number[]; totalDocs: number }> {
  const db = (payload.db as unknown as PostgresAdapter).drizzle
  const conditions = [sql`p.search_vector @@ q.query`]
  // The same title (A) and excerpt (B) weights as search_vector, without the body (C).
  const teaserVector = sql`(setweight(to_tsvector('english', coalesce(p.title, '')), 'A') || setweight(to_tsvector('english', coalesce(p.excerpt, '')), 'B'))`
  const now = (filter.now ?? new Date()).toISOString()
  const bodyLocked = filter.opensEarlyAccess ? sql`false` : sql`coalesce(p.early_access_until > ${now}::timestamptz, false)`
  conditions.push(sql`(not ${bodyLocked} or ${teaserVector} @@ q.query)`)
  if (filter.status) conditions.push(sql`p.status = ${filter.status}`)
  if (filter.categoryId) conditions.push(sql`p.category_id = ${filter.categoryId}`)
  const where = sql.join(conditions, sql` and `)
  const from = sql`posts p, websearch_to_tsquery('english', ${filter.text}) as q(query)`

  const [count, page] = await Promise.all([
    db.execute(sql`select count(*)::int as total from ${from} where ${where}`),
    db.execute(sql`
      select p.id from ${from} where ${where}
      order by ts_rank(case when ${bodyLocked} then ${teaserVector} else p.search_vector end, q.query) desc, p.published_at desc nulls first, p.created_at desc, p.id desc
      limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`),
  ])
  return {
    ids: (page.rows as { id: number }[]).map((row) => Number(row.id)),
    totalDocs: Number((count.rows[0] as { total?: number } | undefined)?.total ?? 0),
  }
}

// What the engine knows of the site (README: vocabulary): read once per run.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { poolDb } from '../db/transactions'
import type { SeoContext } from './engine'

const VOCABULARY_MAX = 500

export async function loadSeoContext(payload: Payload): Promise<SeoContext> {
  const db = poolDb(payload)
  // The tags on the site's videos, most used first, one spelling each (the most used one).
  const tags = await db.execute(sql`
    select (array_agg(text order by n desc, text))[1] as text, sum(n) as uses
    from (select btrim(text) as text, count(*) as n from videos_texts
          where path = 'tags' and text is not null and btrim(text) <> '' group by btrim(text)) spellings
    group by lower(text)`)
  const vocabulary = tags.rows
    .sort((a, b) => Number(b.uses) - Number(a.uses) || String(a.text).localeCompare(String(b.text)))
    .slice(0, VOCABULARY_MAX)
    .map((row) => String(row.text).trim())
  // Each category's words: its name, slug and description, and the tags of the videos filed under it.
  const categories = await db.execute(sql`
    select c.slug, c.name, c.description,
      coalesce((select array_agg(distinct t.text) from videos v join videos_texts t on t.parent_id = v.id and t.path = 'tags'
                where v.category = c.slug), '{}') as tags
    from categories c order by c.id`)
  const used = await db.execute(sql`select category from videos where category is not null and category <> '' group by category order by count(*) desc limit 1`)
  const list = categories.rows.map((row) => ({
    slug: String(row.slug),
    terms: [String(row.name), String(row.slug).replace(/-/g, ' '), String(row.description ?? ''), ...((row.tags as string[] | null) ?? [])].filter(Boolean),
  }))
  return { vocabulary, categories: list, fallbackCategory: (used.rows[0]?.category as string | undefined) ?? list[0]?.slug ?? 'general' }
}

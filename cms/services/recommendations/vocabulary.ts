// The one tag vocabulary (README.md): a video's own `tags` (typed in /cms or /admin, or accepted
// from the SEO bot) become content tags and video-tags rows in the same transaction; a category
// has its topic tag. Rows an editor added in /cms (source `editor`) are never touched here.
import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { transactionDb } from '../db/transactions'
import { normaliseTagName } from './tag-names'

const tagNames = (tags: unknown): string[] =>
  [...new Set((Array.isArray(tags) ? tags : []).map((tag) => normaliseTagName(String(tag ?? ''))).filter(Boolean))]

/** Makes the video's video-tags rows from `tags` match its `tags` field. */
export async function syncVideoTags(req: PayloadRequest, videoId: number, tags: unknown): Promise<void> {
  const names = tagNames(tags)
  // One parameter for the whole list (a JSON array), whatever its length.
  const list = sql`(select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))`
  const db = await transactionDb(req.payload, req)
  if (names.length > 0) {
    await db.execute(sql`insert into content_tags (name, category) select name, 'topic'::enum_content_tags_category from ${list} as given(name) on conflict (name) do nothing`)
    await db.execute(sql`insert into video_tags (video_id, tag_id, relevance_score, source)
      select ${videoId}, id, 1, 'tags'::enum_video_tags_source from content_tags where name in ${list}
      on conflict (video_id, tag_id) do nothing`)
  }
  await db.execute(sql`delete from video_tags where video_id = ${videoId} and source = 'tags'
    and tag_id not in (select id from content_tags where name in ${list})`)
}

const sameTags = (a: unknown, b: unknown) => tagNames(a).join('\n') === tagNames(b).join('\n')

/** Videos afterChange: keeps the vocabulary in step with the video's `tags`. */
export const videoTagsInVocabulary: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation === 'update' && sameTags(doc.tags, previousDoc?.tags)) return doc
  await syncVideoTags(req, Number(doc.id), doc.tags)
  return doc
}

/** Categories afterChange: every category has its topic tag (renamed with it). */
export const categoryTopicTag: CollectionAfterChangeHook = async ({ doc, req }) => {
  const name = normaliseTagName(String(doc.name ?? ''))
  if (!name) return doc
  const db = await transactionDb(req.payload, req)
  const linked = await db.execute(sql`update content_tags set name = ${name}, updated_at = now() where source_category_id = ${doc.id}
    and not exists (select 1 from content_tags other where other.name = ${name} and other.source_category_id is distinct from ${doc.id}) returning id`)
  if (linked.rows.length > 0) return doc
  await db.execute(sql`insert into content_tags (name, category, source_category_id) values (${name}, 'topic', ${doc.id})
    on conflict (name) do update set source_category_id = excluded.source_category_id where content_tags.source_category_id is null`)
  return doc
}

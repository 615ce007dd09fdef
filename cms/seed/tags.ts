import { sql } from '@payloadcms/db-postgres'

import type { Db } from '../services/db/transactions'
import { normaliseTagName } from '../services/recommendations/tag-names'
import { postTags, videoThemes } from './fixtures/tags'

type Row = { item: number; tag: string; relevance: number }

const rows = (tagging: typeof videoThemes, ids: Map<string, number>): Row[] =>
  Object.entries(tagging).flatMap(([key, tags]) => {
    const item = ids.get(key)
    if (item === undefined) throw new Error(`seed tags: no demo item ${key}`)
    return tags.map((entry) => (typeof entry === 'string' ? { item, tag: normaliseTagName(entry), relevance: 1 } : { item, tag: normaliseTagName(entry[0]), relevance: entry[1] }))
  })

/** The demo videos' and posts' themes (fixtures/tags.ts) as editor rows of video-tags and post-tags. */
export async function tagDemoItems(db: Db, ids: { videos: Map<string, number>; posts: Map<string, number> }): Promise<void> {
  const videos = JSON.stringify(rows(videoThemes, ids.videos))
  const posts = JSON.stringify(rows(postTags, ids.posts))
  // One parameter per list (JSON), three statements (a parameterised query holds one).
  await db.execute(sql`
    insert into content_tags (name, category)
      select distinct x.tag, 'theme'::enum_content_tags_category from jsonb_to_recordset(${videos}::jsonb || ${posts}::jsonb) as x(item int, tag text, relevance float8)
      on conflict (name) do nothing`)
  await db.execute(sql`
    insert into video_tags (video_id, tag_id, relevance_score, source)
      select x.item, t.id, x.relevance, 'editor'::enum_video_tags_source from jsonb_to_recordset(${videos}::jsonb) as x(item int, tag text, relevance float8) join content_tags t on t.name = x.tag
      on conflict (video_id, tag_id) do nothing`)
  await db.execute(sql`
    insert into post_tags (post_id, tag_id, relevance_score)
      select x.item, t.id, x.relevance from jsonb_to_recordset(${posts}::jsonb) as x(item int, tag text, relevance float8) join content_tags t on t.name = x.tag
      on conflict (post_id, tag_id) do nothing`)
}

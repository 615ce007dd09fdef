// What can be recommended, kept in memory for every member (README.md): each listed video (public, published by now, playing) and
// published post with its tags (its category's topic tag included), its popularity and the fields
// the one gating rule needs, plus the mood map. Read with a few set-wise queries; kept for
// CATALOG_TTL_MS and dropped with the page caches (any content or tag change).
import type { Payload } from 'payload'

import type { Mood } from '../../../shared/constants'
import { parseIsoDuration } from '../../../shared/format'
import { registerPageCacheStore } from '../../hooks/page-cache'
import { pgPool } from '../db/pool'
import { listedVideosSql, type GateItem } from '../premium-gate'
import { type Candidate, vectorNorm } from './score'

export type CatalogItem = Candidate &
  GateItem & {
    type: 'video' | 'blog_post'
    id: number
    /** videoId or slug: how bookmarks and the API name it. */
    contentId: string
    title: string
    durationSeconds: number | null
    publishedAt: number
  }

export type TagInfo = { name: string; description: string | null; categoryId: number | null; moods: Mood[] }

export type Catalog = {
  items: CatalogItem[]
  byKey: Map<string, CatalogItem>
  /** contentType:contentId (bookmarks name items so) → item. */
  byContentId: Map<string, CatalogItem>
  tags: Map<number, TagInfo>
  moodTags: Map<Mood, Set<number>>
  loadedAt: number
}

export const CATALOG_TTL_MS = 60_000
/** Popularity halves every this many days of an item's age. */
export const POPULARITY_HALF_LIFE_DAYS = 45

export const itemKey = (type: 'video' | 'blog_post', id: number) => `${type === 'video' ? 'v' : 'p'}${id}`

/**
 * Engagement with a recency decay, relative to the best (0–1). One engagement is added to every
 * item, so where nobody has engaged yet (a new site, a new kind of item) recency alone decides.
 */
export function popularityScores(raw: readonly { engagement: number; publishedAt: number }[], now: number): number[] {
  const decayed = raw.map(({ engagement, publishedAt }) => Math.log1p(1 + Math.max(0, engagement)) * 0.5 ** (Math.max(0, now - publishedAt) / 86_400_000 / POPULARITY_HALF_LIFE_DAYS))
  const max = Math.max(0, ...decayed)
  return decayed.map((v) => (max > 0 ? v / max : 0))
}

// Set-wise counts (hash joins), not a subquery per item: the read stays one pass over each table.
const VIDEOS_SQL = `
  with saved as (select content_id, count(*) as n from bookmarks where content_type = 'video' group by content_id),
       discussed as (select video_id, count(*) as n from comments group by video_id),
       finished as (select video_id, count(*) as n from video_analytics where completed group by video_id)
  select v.id, v.video_id, v.title, v.published_at, v.is_premium, v.is_uncut, v.early_access_until, v.duration,
         coalesce(v.view_count, 0) as views, c.id as category_id,
         coalesce(saved.n, 0) as bookmarks, coalesce(discussed.n, 0) as comments, coalesce(finished.n, 0) as completions
    from videos v
    left join categories c on c.slug = v.category
    left join saved on saved.content_id = v.video_id
    left join discussed on discussed.video_id = v.id
    left join finished on finished.video_id = v.video_id
   where v.youtube_removed_at is null and ${listedVideosSql('v')}`

const POSTS_SQL = `
  with saved as (select content_id, count(*) as n from bookmarks where content_type = 'blog_post' group by content_id),
       readers as (select post_id, count(*) as n from post_reads group by post_id)
  select p.id, p.slug, p.title, p.published_at, p.early_access_until, p.category_id,
         coalesce(readers.n, 0) as reads, coalesce(saved.n, 0) as bookmarks
    from posts p
    left join saved on saved.content_id = p.slug
    left join readers on readers.post_id = p.id
   where p.status = 'published' and p.slug is not null and (p.published_at is null or p.published_at <= now())`

const TAGS_SQL = `
  select t.id, t.name, t.description, t.source_category_id,
         coalesce((select array_agg(m.value::text order by m."order") from content_tags_moods m where m.parent_id = t.id), '{}') as moods
    from content_tags t`

async function loadCatalog(payload: Payload): Promise<Catalog> {
  const pool = pgPool(payload)
  const [videos, posts, tagRows, videoTags, postTags] = await Promise.all([
    pool.query(VIDEOS_SQL),
    pool.query(POSTS_SQL),
    pool.query(TAGS_SQL),
    pool.query('select video_id as item, tag_id as tag, relevance_score::float8 as w from video_tags'),
    pool.query('select post_id as item, tag_id as tag, relevance_score::float8 as w from post_tags'),
  ])
  const tags = new Map<number, TagInfo>()
  const categoryTag = new Map<number, number>()
  const moodTags = new Map<Mood, Set<number>>()
  for (const row of tagRows.rows) {
    tags.set(row.id, { name: row.name, description: row.description, categoryId: row.source_category_id, moods: row.moods })
    if (row.source_category_id !== null) categoryTag.set(row.source_category_id, row.id)
    for (const mood of row.moods as Mood[]) {
      if (!moodTags.has(mood)) moodTags.set(mood, new Set())
      moodTags.get(mood)!.add(row.id)
    }
  }
  const tagVectors = (rows: { item: number; tag: number; w: number }[]) => {
    const byItem = new Map<number, Map<number, number>>()
    for (const { item, tag, w } of rows) {
      if (!byItem.has(item)) byItem.set(item, new Map())
      byItem.get(item)!.set(tag, w)
    }
    return byItem
  }
  const videoVectors = tagVectors(videoTags.rows)
  const postVectors = tagVectors(postTags.rows)
  const withCategory = (vector: Map<number, number> | undefined, categoryId: number | null) => {
    const out = new Map(vector ?? [])
    const tag = categoryId === null ? undefined : categoryTag.get(categoryId)
    // A category is a broad topic: it links an item to its neighbours, but less than its own tags.
    if (tag !== undefined && !out.has(tag)) out.set(tag, 0.5)
    return out
  }
  const date = (value: unknown) => (value ? new Date(value as string).getTime() : 0)
  const items: CatalogItem[] = []
  const engagement: { engagement: number; publishedAt: number }[] = []
  for (const v of videos.rows) {
    items.push({
      key: itemKey('video', v.id), type: 'video', id: v.id, contentId: v.video_id, title: v.title,
      tags: withCategory(videoVectors.get(v.id), v.category_id), popularity: 0,
      isPremium: v.is_premium, isUncut: v.is_uncut, earlyAccessUntil: v.early_access_until,
      durationSeconds: v.duration ? parseIsoDuration(v.duration) : null, publishedAt: date(v.published_at),
    })
    engagement.push({ engagement: Number(v.views) + 3 * Number(v.completions) + 4 * Number(v.bookmarks) + 3 * Number(v.comments), publishedAt: date(v.published_at) })
  }
  for (const p of posts.rows) {
    items.push({
      key: itemKey('blog_post', p.id), type: 'blog_post', id: p.id, contentId: p.slug, title: p.title,
      tags: withCategory(postVectors.get(p.id), p.category_id), popularity: 0,
      isPremium: false, isUncut: false, earlyAccessUntil: p.early_access_until,
      durationSeconds: null, publishedAt: date(p.published_at),
    })
    engagement.push({ engagement: 2 * Number(p.reads) + 4 * Number(p.bookmarks), publishedAt: date(p.published_at) })
  }
  // Relative to the best of its own kind: a view and a read are not the same currency.
  const now = Date.now()
  const videoCount = videos.rows.length
  popularityScores(engagement.slice(0, videoCount), now).forEach((score, i) => (items[i]!.popularity = score))
  popularityScores(engagement.slice(videoCount), now).forEach((score, i) => (items[videoCount + i]!.popularity = score))
  for (const item of items) item.norm = vectorNorm(item.tags)
  return {
    items,
    byKey: new Map(items.map((item) => [item.key, item])),
    byContentId: new Map(items.map((item) => [`${item.type}:${item.contentId}`, item])),
    tags,
    moodTags,
    loadedAt: now,
  }
}

type Kept = { catalog?: Catalog; loading?: Promise<Catalog>; generation: number }
const KEY = Symbol.for('app.recommendationCatalog')

const kept = (): Kept => {
  const global = globalThis as Record<symbol, Kept | undefined>
  let state = global[KEY]
  if (!state) {
    const created: Kept = { generation: 0 }
    state = global[KEY] = created
    // A content or tag change drops it (the next request reads it again), here and, through the
    // page-cache signal, in every process. A comment, like or vote on one item (clearTags) only
    // moves popularity, which CATALOG_TTL_MS already bounds: the catalogue stays.
    registerPageCacheStore({ clear: () => { created.catalog = undefined; created.generation++ }, clearTags: () => undefined })
  }
  return state
}

/**
 * The catalogue, shared by concurrent requests. After a change (the caches were cleared) the next
 * request waits for a fresh read, so a change shows at once; when it is only older than
 * CATALOG_TTL_MS (popularity moving), it is served as it is while a fresh read runs behind it.
 */
export async function getCatalog(payload: Payload): Promise<Catalog> {
  const state = kept()
  const catalog = state.catalog
  if (catalog && Date.now() - catalog.loadedAt < CATALOG_TTL_MS) return catalog
  if (!state.loading) {
    const generation = state.generation
    state.loading = loadCatalog(payload)
      .then((fresh) => {
        // A change during the read leaves the read unkept (it may predate the change).
        if (generation === state.generation) state.catalog = fresh
        return fresh
      })
      .finally(() => {
        state.loading = undefined
      })
  }
  if (catalog) {
    state.loading.catch((err: unknown) => payload.logger.warn({ err }, 'could not refresh the recommendations catalogue; the last one is kept'))
    return catalog
  }
  return state.loading
}

// Shared by recommendations.test.ts (not a test file itself): For You's calls, the shape every
// recommendation must have, and what the database holds behind a member's list.
import { expect } from 'vitest'

import { type Mood, MOODS, RECOMMENDATION_TYPES } from '../../shared/constants'
import type { MoodResponse, RecommendationView } from '../../shared/types/recommendations'
import type { ApiClient } from '../helpers/api-client'
import { sql } from './sql'

export type Rec = RecommendationView
export { MOODS, type Mood }

/** POST /api/recommendations/generate, expected to succeed. */
export async function generate(client: ApiClient, mood: Mood, limit?: number): Promise<Rec[]> {
  const res = await client.post<Rec[]>('/api/recommendations/generate', limit === undefined ? { mood } : { mood, limit })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(Array.isArray(res.body)).toBe(true)
  return res.body
}

/** POST /api/user/mood, expected to succeed (201). */
export async function postMood(client: ApiClient, body: { mood: Mood; intensity?: number; context?: string }): Promise<MoodResponse> {
  const res = await client.post<MoodResponse>('/api/user/mood', body)
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

/** GET /api/recommendations[?type=…], expected to succeed. */
export async function feed(client: ApiClient, type?: string): Promise<Rec[]> {
  const res = await client.get<Rec[]>(`/api/recommendations${type === undefined ? '' : `?type=${type}`}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}

/** contentType:contentId, how a list names an item whatever row it came from. */
export const itemOf = (rec: Pick<Rec, 'contentType' | 'contentId'>) => `${rec.contentType}:${rec.contentId}`

/** What every recommendation a member is shown must carry (the API's Recommendation). */
export function expectWellFormed(rec: Rec, owner: { userId: number; mood: Mood | null }) {
  expect(rec.userId).toBe(owner.userId)
  expect(Number.isInteger(rec.id)).toBe(true)
  expect(rec.score).toBeGreaterThanOrEqual(0)
  expect(rec.score).toBeLessThanOrEqual(1)
  expect(RECOMMENDATION_TYPES).toContain(rec.recommendationType)
  expect(typeof rec.reason).toBe('string')
  expect(rec.reason.trim().length).toBeGreaterThan(0)
  expect(rec.moodContext).toBe(owner.mood)
  expect(new Date(rec.expiresAt).getTime()).toBeGreaterThan(Date.now())
  expect(Number.isNaN(new Date(rec.createdAt).getTime())).toBe(false)
  if (rec.contentType === 'video') {
    expect(rec.video, JSON.stringify(rec)).toMatchObject({ videoId: rec.contentId, title: expect.any(String) })
    expect(rec.video).toHaveProperty('thumbnailUrl')
    expect(rec.video).toHaveProperty('duration')
    expect(rec.video).toHaveProperty('isPremium')
    expect(rec.blogPost).toBeUndefined()
    expect(rec.url).toBe(`/video/${encodeURIComponent(rec.contentId)}`)
  } else {
    expect(rec.contentType).toBe('blog_post')
    expect(rec.blogPost, JSON.stringify(rec)).toMatchObject({ id: expect.any(Number), slug: rec.contentId, title: expect.any(String) })
    expect(rec.blogPost).toHaveProperty('excerpt')
    expect(rec.blogPost).toHaveProperty('readTime')
    expect(rec.blogPost).toHaveProperty('createdAt')
    expect(rec.video).toBeUndefined()
    expect(rec.url).toBe(`/post/${encodeURIComponent(rec.contentId)}`)
  }
}

export type StoredRecommendation = {
  id: number
  user_id: number
  item: string
  feedback: string | null
  is_viewed: boolean
  is_interacted: boolean
  updated_at: Date
  is_premium: boolean
  is_uncut: boolean
  early_access: boolean
  category: string | null
}

/**
 * The rows behind lists, with what the one gating rule reads of each item and the item's category
 * (a video's category slug, a post's category's slug): everything the member's generations stored,
 * not only what a response showed.
 */
export function storedRecommendations(where: { userId: number } | { ids: readonly number[] }) {
  const [clause, value] = 'userId' in where ? ['r.user_id = $1', where.userId] : ['r.id = any($1::int[])', where.ids]
  return sql<StoredRecommendation>(
    `select r.id, r.user_id, r.feedback::text as feedback, coalesce(r.is_viewed, false) as is_viewed, coalesce(r.is_interacted, false) as is_interacted, r.updated_at,
            case when r.video_id is not null then 'video:' || v.video_id else 'blog_post:' || p.slug end as item,
            coalesce(v.is_premium, false) as is_premium, coalesce(v.is_uncut, false) as is_uncut,
            coalesce(coalesce(v.early_access_until, p.early_access_until) > now(), false) as early_access,
            coalesce(v.category, pc.slug) as category
       from recommendations r
       left join videos v on v.id = r.video_id
       left join posts p on p.id = r.post_id
       left join categories pc on pc.id = p.category_id
      where ${clause}
      order by r.id`,
    [value],
  )
}

/** The id of a content tag by its (normalised) name. */
export async function tagId(name: string): Promise<number> {
  const [row] = await sql<{ id: number }>('select id from content_tags where name = $1', [name])
  if (!row) throw new Error(`no content tag named ${name}`)
  return row.id
}

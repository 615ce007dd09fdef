// For You (SPEC §3, §4 Mood flow, §7 Moods and recommendations): the service behind every
// /api/user/mood* and /api/recommendations* endpoint. Terms in README.md.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { type Mood, MOOD, type RecommendationFeedback } from '../../../shared/constants'
import type { MoodResponse, RecommendationContentType, RecommendationView, UserMoodView } from '../../../shared/types/recommendations'
import type { User } from '../../payload-types'
import { memberPartsChanged } from '../cache/member-parts'
import { pgPool } from '../db/pool'
import { inTransaction, poolDb, transactionDb } from '../db/transactions'
import { notFound } from '../errors'
import { pickRecommendations, storePicks } from './generate'
import { ROW_COLUMNS, type RecommendationRow, toViews } from './views'

export { getCatalog } from './catalog'
export { similarItems } from './similar'

const NOT_FOUND = 'Recommendation not found.'
/** The feed shows at most this many (the newest word on each item). */
export const FEED_LIMIT = 50

type MoodRow = { id: number; user_id: number; mood: Mood; intensity: string | number; context: string | null; created_at: Date | string }
const toMoodView = (row: MoodRow): UserMoodView => ({
  id: row.id,
  userId: row.user_id,
  mood: row.mood,
  intensity: Number(row.intensity),
  context: row.context,
  createdAt: new Date(row.created_at).toISOString(),
})

/** POST /api/user/mood: records how the member feels and makes their list for it, in one transaction. */
export async function recordMood(payload: Payload, user: User, input: { mood: Mood; intensity: number; context?: string }): Promise<MoodResponse> {
  const picks = await pickRecommendations(payload, user, { mood: input.mood, intensity: input.intensity, limit: MOOD.generateLimit })
  const { mood, rows } = await inTransaction(payload, async (req) => {
    const db = await transactionDb(payload, req)
    const inserted = await db.execute(sql`insert into user_moods (user_id, mood, intensity, context) values (${user.id}, ${input.mood}, ${input.intensity}, ${input.context ?? null})
      returning id, user_id, mood, intensity, context, created_at`)
    return { mood: toMoodView(inserted.rows[0] as unknown as MoodRow), rows: await storePicks(db, user.id, input.mood, picks) }
  })
  memberPartsChanged(user.id)
  return { mood, recommendations: await toViews(payload, user, rows) }
}

/** GET /api/user/moods: the member's latest moods, newest first. */
export async function listMoods(payload: Payload, user: User, { limit = MOOD.historyLimit }: { limit?: number } = {}): Promise<UserMoodView[]> {
  const { rows } = await pgPool(payload).query({
    name: 'recs_moods',
    text: 'select id, user_id, mood, intensity, context, created_at from user_moods where user_id = $1 order by created_at desc, id desc limit $2',
    values: [user.id, limit],
  })
  return (rows as MoodRow[]).map(toMoodView)
}

/**
 * POST /api/recommendations/generate: a new list for a mood. The intensity is the one the member
 * last gave for that mood (the History tab's 'Generate Again'), else the default.
 */
export async function generateRecommendations(payload: Payload, user: User, input: { mood: Mood; limit: number }): Promise<RecommendationView[]> {
  const { rows: last } = await pgPool(payload).query({
    name: 'recs_last_intensity',
    text: 'select intensity from user_moods where user_id = $1 and mood = $2 order by created_at desc limit 1',
    values: [user.id, input.mood],
  })
  const intensity = last[0] ? Number(last[0].intensity) : MOOD.intensityDefault
  const picks = await pickRecommendations(payload, user, { mood: input.mood, intensity, limit: input.limit })
  const rows = await storePicks(poolDb(payload), user.id, input.mood, picks)
  memberPartsChanged(user.id)
  return toViews(payload, user, rows)
}

/**
 * GET /api/recommendations: the member's current list, newest generation first, one row per item
 * (its newest), without what they marked not interested or what has expired.
 */
export async function listRecommendations(payload: Payload, user: User, { type, limit = FEED_LIMIT }: { type?: RecommendationContentType; limit?: number } = {}): Promise<RecommendationView[]> {
  const { rows } = await pgPool(payload).query({
    name: 'recs_feed',
    text: `select ${ROW_COLUMNS} from (
             select distinct on (coalesce(video_id, 0), coalesce(post_id, 0)) ${ROW_COLUMNS}
               from recommendations
              where user_id = $1 and expires_at > now() and ($2::text is null or content_type::text = $2)
              order by coalesce(video_id, 0), coalesce(post_id, 0), created_at desc, id desc) latest
            where feedback is distinct from 'not_interested'
            order by created_at desc, id desc limit $3`,
    values: [user.id, type ?? null, limit],
  })
  return toViews(payload, user, rows as RecommendationRow[])
}

async function updateOwn(payload: Payload, user: User, id: number, set: ReturnType<typeof sql>): Promise<RecommendationView> {
  const result = await poolDb(payload).execute(sql`update recommendations set ${set}, updated_at = now() where id = ${id} and user_id = ${user.id} returning ${sql.raw(ROW_COLUMNS)}`)
  const row = result.rows[0] as unknown as RecommendationRow | undefined
  if (!row) throw notFound(NOT_FOUND)
  const [view] = await toViews(payload, user, [row])
  if (!view) throw notFound(NOT_FOUND)
  return view
}

/** PATCH /api/recommendations/{id}/feedback: only the owner's (another member's is a 404). */
export async function setFeedback(payload: Payload, user: User, id: number, feedback: RecommendationFeedback): Promise<RecommendationView> {
  const view = await updateOwn(payload, user, id, sql`feedback = ${feedback}, is_interacted = true`)
  memberPartsChanged(user.id)
  return view
}

/** PATCH /api/recommendations/{id}/viewed */
export const markViewed = (payload: Payload, user: User, id: number): Promise<RecommendationView> => updateOwn(payload, user, id, sql`is_viewed = true`)

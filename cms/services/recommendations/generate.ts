// Making a member's list (README.md): the catalogue, their history and settings, the mood →
// scores → a varied pick → reasons → stored rows (one statement).
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { type Mood, MOOD, RECOMMENDATION_WEIGHTS } from '../../../shared/constants'
import type { User } from '../../payload-types'
import { pgPool } from '../db/pool'
import type { Db } from '../db/transactions'
import { canOpen } from '../premium-gate'
import { type Catalog, type CatalogItem, getCatalog } from './catalog'
import { interpretHistory, readHistory } from './history'
import { explain } from './reasons'
import { getMoodProfiles } from './mood-evidence'
import { diversify, type LearnedMood, mmrPool, moodFits, scoreCandidates, type Weights } from './score'
import { ROW_COLUMNS, type RecommendationRow } from './views'

/** A recommendation is shown for a week; a newer generation puts fresh ones on top sooner. */
export const RECOMMENDATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export type MemberSettings = { weights: Weights; avoidedTags: Set<string>; contentTypes: Set<'video' | 'blog_post'> | null }

const clampWeight = (value: unknown, fallback: number) => {
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : fallback
}

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').map((v) => v.trim().toLowerCase()) : [])

/** The member's user-preferences row, or the §9 defaults. */
export async function readSettings(payload: Payload, userId: number): Promise<MemberSettings> {
  const { rows } = await pgPool(payload).query({
    name: 'recs_settings',
    text: `select recommendation_settings_diversity_factor::float8 as d, recommendation_settings_mood_weight::float8 as m,
                  recommendation_settings_popularity_weight::float8 as p, recommendation_settings_personality_weight::float8 as a,
                  avoided_content, content_preferences from user_preferences where user_id = $1`,
    values: [userId],
  })
  const row = rows[0]
  const d = RECOMMENDATION_WEIGHTS
  if (!row) return { weights: { ...d }, avoidedTags: new Set(), contentTypes: null }
  const types = names(row.content_preferences?.contentTypes).filter((t): t is 'video' | 'blog_post' => t === 'video' || t === 'blog_post')
  return {
    weights: { diversityFactor: clampWeight(row.d, d.diversityFactor), moodWeight: clampWeight(row.m, d.moodWeight), popularityWeight: clampWeight(row.p, d.popularityWeight), personalityWeight: clampWeight(row.a, d.personalityWeight) },
    avoidedTags: new Set(names(row.avoided_content?.tags)),
    contentTypes: types.length > 0 ? new Set(types) : null,
  }
}

export type Pick = { item: CatalogItem; score: number; recommendationType: RecommendationRow['recommendation_type']; reason: string }

/** The member's list for a mood, without writing anything (the evaluation and tests call this too). */
export async function pickRecommendations(payload: Payload, user: User, input: { mood: Mood; intensity: number; limit: number }, now = new Date()): Promise<Pick[]> {
  const [catalog, rows, settings] = await Promise.all([getCatalog(payload), readHistory(payload, user.id), readSettings(payload, user.id)])
  const learned = await getMoodProfiles(payload, catalog)
  return pickFrom(catalog, user, interpretHistory(rows, catalog), settings, input, now, learned.get(input.mood))
}

export function pickFrom(
  catalog: Catalog,
  user: User,
  history: ReturnType<typeof interpretHistory>,
  settings: MemberSettings,
  input: { mood: Mood; intensity: number; limit: number },
  now = new Date(),
  moodProfile?: LearnedMood,
): Pick[] {
  const avoided = new Set([...catalog.tags].filter(([, info]) => settings.avoidedTags.has(info.name)).map(([id]) => id))
  const candidates = catalog.items.filter(
    (item) =>
      !history.excluded.has(item.key) &&
      (settings.contentTypes === null || settings.contentTypes.has(item.type)) &&
      canOpen(user, item, now) &&
      (avoided.size === 0 || ![...item.tags.keys()].some((tag) => avoided.has(tag))),
  )
  const moodTags = catalog.moodTags.get(input.mood) ?? new Set<number>()
  const scored = scoreCandidates(
    candidates,
    { moodTags, moodProfile, moodFits: catalogMoodFits(catalog, input.mood, moodProfile), intensity: input.intensity, profile: history.profile, weights: settings.weights },
    { top: mmrPool(input.limit) },
  )
  return diversify(scored, input.limit, settings.weights.diversityFactor).map((s) => ({
    item: s.item,
    score: s.score,
    ...explain(s, { catalog, mood: input.mood, moodTags, profile: history.profile, engaged: history.engaged }),
  }))
}

const fitsKept = new WeakMap<Catalog, Map<Mood, { learned: LearnedMood | undefined; fits: Map<CatalogItem, number> }>>()

/** Every catalogue item's fit for a mood, kept with the catalogue until the mood's learned profile changes. */
function catalogMoodFits(catalog: Catalog, mood: Mood, learned: LearnedMood | undefined): Map<CatalogItem, number> {
  let byMood = fitsKept.get(catalog)
  if (!byMood) fitsKept.set(catalog, (byMood = new Map()))
  const kept = byMood.get(mood)
  if (kept && kept.learned === learned) return kept.fits
  const fits = moodFits(catalog.items, catalog.moodTags.get(mood) ?? new Set<number>(), learned)
  byMood.set(mood, { learned, fits })
  return fits
}

/**
 * Stores the picks as the member's newest recommendations, in one statement (all rows or none),
 * on `db`: the pool, or a transaction the caller has more to do in. Returns the rows in order.
 */
export async function storePicks(db: Db, userId: number, mood: Mood | null, picks: readonly Pick[], now = new Date()): Promise<RecommendationRow[]> {
  if (picks.length === 0) return []
  const expires = new Date(now.getTime() + RECOMMENDATION_TTL_MS).toISOString()
  const data = JSON.stringify(
    picks.map((p, i) => ({
      o: i,
      t: p.item.type,
      v: p.item.type === 'video' ? p.item.id : null,
      p: p.item.type === 'blog_post' ? p.item.id : null,
      r: p.recommendationType,
      s: Math.round(p.score * 1000) / 1000,
      w: p.reason,
    })),
  )
  // created_at steps back a millisecond per place, so "newest first" keeps the list's order.
  const result = await db.execute(sql`
    insert into recommendations (user_id, content_type, video_id, post_id, recommendation_type, score, reason, mood_context, expires_at, created_at, updated_at)
    select ${userId}, x.t::enum_recommendations_content_type, x.v, x.p, x.r::enum_recommendations_recommendation_type, x.s, x.w,
           ${mood}::enum_recommendations_mood_context, ${expires}::timestamptz,
           ${now.toISOString()}::timestamptz - (x.o * interval '1 millisecond'), ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${data}::jsonb) as x(o int, t text, v int, p int, r text, s numeric, w text)
     order by x.o
    returning ${sql.raw(ROW_COLUMNS)}`)
  const rows = result.rows as unknown as RecommendationRow[]
  return rows.sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime())
}

export const DEFAULT_INTENSITY = MOOD.intensityDefault

// What members engaged with while in each mood (README.md "learned moods"): an engagement within
// MOOD_WINDOW_HOURS after a member stated a mood counts for that mood, and so does a recommendation
// made for a mood that they opened or liked. Read set-wise, at most every MOOD_EVIDENCE_TTL_MS, in
// the background: the profiles change slowly, and until they are read the mood map alone speaks.
import type { Payload } from 'payload'

import type { Mood } from '../../../shared/constants'
import { pgPool } from '../db/pool'
import { type Catalog, itemKey } from './catalog'
import { HISTORY_WEIGHTS } from './history'
import { type LearnedMood, learnMoodProfiles } from './score'

export const MOOD_WINDOW_HOURS = 3
export const MOOD_EVIDENCE_DAYS = 90
export const MOOD_EVIDENCE_TTL_MS = 10 * 60_000

const EVIDENCE_SQL = `
  select u.mood::text as mood, e.video_id, e.post_id, e.content_type, e.content_id, e.kind
    from user_moods u
    cross join lateral (
      select null::int as video_id, null::int as post_id, b.content_type::text as content_type, b.content_id, 'bookmark' as kind
        from bookmarks b where b.user_id = u.user_id and b.created_at >= u.created_at and b.created_at < u.created_at + make_interval(hours => $1)
      union all select null, r.post_id, null, null, 'read'
        from post_reads r where r.user_id = u.user_id and r.opened_at >= u.created_at and r.opened_at < u.created_at + make_interval(hours => $1)
      union all select c.video_id, null, null, null, 'comment'
        from comments c where c.author_id = u.user_id and c.created_at >= u.created_at and c.created_at < u.created_at + make_interval(hours => $1)
      union all select p.video_id, null, null, null, 'watched'
        from video_progress p where p.user_id = u.user_id and p.created_at >= u.created_at and p.created_at < u.created_at + make_interval(hours => $1)
    ) e
   where u.created_at > now() - make_interval(days => $2)
  union all
  select mood_context::text, video_id, post_id, null, null, case when feedback = 'liked' then 'liked' else 'watched' end
    from recommendations
   where mood_context is not null and (feedback = 'liked' or (is_viewed and feedback is null)) and created_at > now() - make_interval(days => $2)`

type EvidenceRow = { mood: Mood; video_id: number | null; post_id: number | null; content_type: string | null; content_id: string | null; kind: 'bookmark' | 'read' | 'comment' | 'watched' | 'liked' }

/** Turns evidence rows into each mood's learned profile, over the items of `catalog`. */
export function moodProfilesFrom(rows: readonly EvidenceRow[], catalog: Pick<Catalog, 'byKey' | 'byContentId'>): Map<Mood, LearnedMood> {
  const events = rows.flatMap((row) => {
    const item =
      row.video_id !== null ? catalog.byKey.get(itemKey('video', row.video_id))
      : row.post_id !== null ? catalog.byKey.get(itemKey('blog_post', row.post_id))
      : catalog.byContentId.get(`${row.content_type}:${row.content_id}`)
    return item ? [{ mood: row.mood, key: item.key, tags: item.tags, weight: HISTORY_WEIGHTS[row.kind] }] : []
  })
  return learnMoodProfiles(events)
}

type Kept = { profiles: Map<Mood, LearnedMood>; loadedAt: number; loading?: Promise<void> }
const KEY = Symbol.for('app.recommendationMoodEvidence')

/**
 * The learned mood profiles as last read (empty until the first read ends); a read older than
 * MOOD_EVIDENCE_TTL_MS starts a new one in the background. Nobody waits for a read, the first
 * after start-up included (it counts over every stated mood's engagements: seconds on a big site):
 * until it ends, lists lean on the mood map alone.
 */
export async function getMoodProfiles(payload: Payload, catalog: Catalog): Promise<Map<Mood, LearnedMood>> {
  const global = globalThis as Record<symbol, Kept | undefined>
  const kept: Kept = (global[KEY] ??= { profiles: new Map(), loadedAt: 0 })
  if (Date.now() - kept.loadedAt >= MOOD_EVIDENCE_TTL_MS && !kept.loading) {
    kept.loading = pgPool(payload)
      .query({ name: 'recs_mood_evidence', text: EVIDENCE_SQL, values: [MOOD_WINDOW_HOURS, MOOD_EVIDENCE_DAYS] })
      .then(({ rows }) => {
        kept.profiles = moodProfilesFrom(rows as EvidenceRow[], catalog)
        kept.loadedAt = Date.now()
      })
      .catch((err: unknown) => payload.logger.warn({ err }, 'could not read the learned mood profiles; the mood map alone is used'))
      .finally(() => {
        kept.loading = undefined
      })
  }
  return kept.profiles
}

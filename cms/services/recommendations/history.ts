// A member's history, read in one round trip (README.md): what they saved, watched, finished,
// read, discussed, and the feedback they gave on earlier recommendations. Each kind has its
// weight in the learned profile (HISTORY_WEIGHTS); what they have already (saved, finished, read,
// discussed) or turned down is left out.
import type { Payload } from 'payload'

import { pgPool } from '../db/pool'
import { type Catalog, type CatalogItem, itemKey } from './catalog'
import { type HistoryEvent, learnProfile, type Profile } from './score'

export const HISTORY_WEIGHTS = {
  bookmark: 1.0,
  finished: 1.0,
  watched: 0.4,
  read: 0.6,
  comment: 0.8,
  liked: 1.2,
  disliked: -1.0,
  not_interested: -1.5,
} as const
export type HistoryKind = keyof typeof HISTORY_WEIGHTS

/** A video counts as finished from this share of it covered by real playback (as video_complete). */
export const FINISHED_SHARE = 0.8

export type HistoryRow = { kind: 'bookmark' | 'progress' | 'read' | 'comment' | 'feedback'; video: number | null; post: number | null; contentType: string | null; contentId: string | null; amount: number | null; feedback: string | null }

// Feedback: the latest word on each item wins (a 'liked' after a 'disliked' is a liked).
const HISTORY_SQL = `
  select 'bookmark' as kind, null::int as video, null::int as post, content_type::text as content_type, content_id, null::float8 as amount, null as feedback
    from bookmarks where user_id = $1
  union all select 'progress', video_id, null, null, null, covered_seconds::float8, null from video_progress where user_id = $1
  union all select 'read', null, post_id, null, null, null, null from post_reads where user_id = $1
  union all select distinct 'comment', video_id, null::int, null, null, null::float8, null from comments where author_id = $1
  union all select * from (
    select distinct on (coalesce(video_id, 0), coalesce(post_id, 0)) 'feedback', video_id, post_id, null, null, null::float8, feedback::text
      from recommendations where user_id = $1 and feedback is not null
     order by coalesce(video_id, 0), coalesce(post_id, 0), updated_at desc) latest`

export async function readHistory(payload: Payload, userId: number): Promise<HistoryRow[]> {
  const { rows } = await pgPool(payload).query({ name: 'recs_history', text: HISTORY_SQL, values: [userId] })
  return rows.map((r) => ({ kind: r.kind, video: r.video, post: r.post, contentType: r.content_type, contentId: r.content_id, amount: r.amount, feedback: r.feedback }))
}

export type EngagedItem = { item: CatalogItem; kind: 'bookmark' | 'finished' | 'watched' | 'read' | 'comment' | 'liked' }

export type MemberHistory = {
  profile: Profile
  /** Items never offered again: saved (they are in Bookmarks), finished, read, discussed, disliked or not interested. */
  excluded: Set<string>
  /** Items the member engaged with, each by its strongest kind (for "Because you saved …"). */
  engaged: EngagedItem[]
}

/** Turns the rows into the learned profile and the items to leave out. */
export function interpretHistory(rows: readonly HistoryRow[], catalog: Catalog): MemberHistory {
  const events: HistoryEvent[] = []
  const excluded = new Set<string>()
  const engaged = new Map<string, EngagedItem>()
  const add = (item: CatalogItem | undefined, kind: HistoryKind) => {
    if (!item) return
    events.push({ tags: item.tags, weight: HISTORY_WEIGHTS[kind] })
    if (kind === 'disliked' || kind === 'not_interested') return
    const before = engaged.get(item.key)
    if (!before || HISTORY_WEIGHTS[kind] > HISTORY_WEIGHTS[before.kind]) engaged.set(item.key, { item, kind })
  }
  for (const row of rows) {
    const item =
      row.video !== null ? catalog.byKey.get(itemKey('video', row.video))
      : row.post !== null ? catalog.byKey.get(itemKey('blog_post', row.post))
      : catalog.byContentId.get(`${row.contentType}:${row.contentId}`)
    if (!item) continue
    switch (row.kind) {
      case 'bookmark':
        add(item, 'bookmark')
        excluded.add(item.key)
        break
      case 'progress': {
        const finished = item.durationSeconds !== null && item.durationSeconds > 0 && (row.amount ?? 0) >= FINISHED_SHARE * item.durationSeconds
        add(item, finished ? 'finished' : 'watched')
        if (finished) excluded.add(item.key)
        break
      }
      case 'read':
        add(item, 'read')
        excluded.add(item.key)
        break
      case 'comment':
        add(item, 'comment')
        excluded.add(item.key)
        break
      case 'feedback':
        if (row.feedback === 'liked' || row.feedback === 'disliked' || row.feedback === 'not_interested') add(item, row.feedback)
        if (row.feedback === 'disliked' || row.feedback === 'not_interested') excluded.add(item.key)
        break
    }
  }
  return { profile: learnProfile(events), excluded, engaged: [...engaged.values()] }
}

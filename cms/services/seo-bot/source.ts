// A proposal's source (README: input hash, stale, hand-written key moments): the video text it was
// made from, and the key moments the bot itself last wrote to the video.
import { sql } from '@payloadcms/db-postgres'

import type { SeoFieldDecisions } from '../../../shared/seo-bot'
import type { KeyMoment } from '../../../shared/types/content'
import type { Db } from '../db/transactions'
import { toKeyMoments } from '../videos/mappers'

/**
 * md5 of provider, title, description and duration: the text a proposal was made from. A proposal
 * whose hash no longer matches its video's is stale. Tags are left out: accepting the proposed
 * tags must not make the rest of the proposal stale.
 */
export const inputHashSql = (provider: string | ReturnType<typeof sql>) =>
  sql`md5(concat_ws(chr(31), ${provider}::text, v.title, coalesce(v.description, ''), coalesce(v.duration, '')))`

export type VideoSource = { id: number; title: string; description: string | null; duration: string | null; tags: string[]; inputHash: string }

/** One video's text as the engine reads it, with its input hash for `provider`. */
export async function videoSource(db: Db, videoId: number, provider: string): Promise<VideoSource | null> {
  const { rows } = await db.execute(sql`
    select v.id, v.title, v.description, v.duration, ${inputHashSql(provider)} as input_hash,
      coalesce((select array_agg(t.text order by t."order") from videos_texts t where t.parent_id = v.id and t.path = 'tags'), '{}') as tags
    from videos v where v.id = ${videoId}`)
  return rows[0] ? toSource(rows[0]) : null
}

export function toSource(row: Record<string, unknown>): VideoSource {
  return {
    id: Number(row.id),
    title: String(row.title),
    description: (row.description as string | null) ?? null,
    duration: (row.duration as string | null) ?? null,
    tags: ((row.tags as (string | null)[] | null) ?? []).filter((tag): tag is string => Boolean(tag?.trim())),
    inputHash: String(row.input_hash),
  }
}

type HistoryRow = { videoId: number; status: string; proposedKeyMoments: unknown; decisions: SeoFieldDecisions | null; decidedAt: string | null }

/** The proposals that may have written key moments to these videos, oldest decision first. */
export async function keyMomentHistory(db: Db, videoIds: number[]): Promise<Map<number, HistoryRow[]>> {
  const byVideo = new Map<number, HistoryRow[]>()
  if (!videoIds.length) return byVideo
  const { rows } = await db.execute(sql`
    select video_id, status, fields -> 'keyMoments' as key_moments, decisions, decided_at
    from seo_proposals
    where video_id in (${sql.join(videoIds.map((id) => sql`${id}`), sql`, `)}) and (status = 'accepted' or decisions ? 'keyMoments')`)
  for (const row of rows) {
    const entry: HistoryRow = {
      videoId: Number(row.video_id),
      status: String(row.status),
      proposedKeyMoments: row.key_moments,
      decisions: (row.decisions as SeoFieldDecisions | null) ?? null,
      decidedAt: row.decided_at ? new Date(row.decided_at as string).toISOString() : null,
    }
    byVideo.set(entry.videoId, [...(byVideo.get(entry.videoId) ?? []), entry])
  }
  return byVideo
}

type Written = { moments: KeyMoment[]; edited: boolean; at: string }

/** What the bot last wrote as key moments (a proposal from before field-by-field decisions wrote all its fields). */
function lastWritten(history: HistoryRow[]): Written | null {
  const written: Written[] = []
  for (const row of history) {
    if (row.decisions === null) {
      if (row.status === 'accepted') written.push({ moments: toKeyMoments(row.proposedKeyMoments), edited: false, at: row.decidedAt ?? '' })
      continue
    }
    const decision = row.decisions.keyMoments
    if (decision?.action === 'accepted') written.push({ moments: toKeyMoments(decision.value), edited: Boolean(decision.edited), at: decision.at })
  }
  return written.sort((a, b) => a.at.localeCompare(b.at)).pop() ?? null
}

const momentsKey = (moments: KeyMoment[]) => JSON.stringify(moments.map((m) => [m.timestamp.trim(), m.description.trim()]))

/**
 * Key moments are hand-written when the video has some and they are not exactly what the bot
 * last wrote on its own (the seed's, a creator's in /cms, or the bot's as the creator edited them).
 */
export function keyMomentsAreHandWritten(current: KeyMoment[], history: HistoryRow[]): boolean {
  if (current.length === 0) return false
  const bot = lastWritten(history)
  return !bot || bot.edited || momentsKey(bot.moments) !== momentsKey(current)
}

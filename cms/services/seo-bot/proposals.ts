// Proposals (README: proposal) listed with a diff against the video's fields now, whether the
// video changed since (stale) and whether its key moments are hand-written. Deciding: decide.ts.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import {
  SEO_FIELD_NAMES,
  seoFieldsSchema,
  type CurrentSeoFields,
  type SeoFieldDecisions,
  type SeoFields,
  type SeoProposalStatus,
  type SeoProposalView,
} from '../../../shared/seo-bot'
import type { Video } from '../../payload-types'
import { poolDb } from '../db/transactions'
import { toKeyMoments } from '../videos/mappers'
import { inputHashSql, keyMomentHistory, keyMomentsAreHandWritten } from './source'

const SEO_SELECT = Object.fromEntries(['videoId', 'title', ...SEO_FIELD_NAMES].map((name) => [name, true])) as Record<string, true>

export function currentFields(video: Partial<Video>): CurrentSeoFields {
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null)
  return {
    seoTitle: video.seoTitle ?? null,
    seoDescription: video.seoDescription ?? null,
    keywords: list(video.keywords),
    tags: list(video.tags),
    category: video.category ?? null,
    targetAudience: video.targetAudience ?? null,
    emotionalTone: video.emotionalTone ?? null,
    callToAction: video.callToAction ?? null,
    timestampedSummary: video.timestampedSummary ?? null,
    keyMoments: video.keyMoments ? toKeyMoments(video.keyMoments) : null,
  }
}

/** Empty text, an empty list and no value are the same for the diff. */
const comparable = (value: unknown) => JSON.stringify(value === '' || (Array.isArray(value) && value.length === 0) ? null : (value ?? null))

/** The fields whose proposed value differs from the video's; a field proposed as null (no better title) is no change. */
export function changedFields(proposed: SeoFields, current: CurrentSeoFields): (keyof SeoFields)[] {
  return SEO_FIELD_NAMES.filter((name) => proposed[name] !== null && comparable(proposed[name]) !== comparable(current[name]))
}

/** Of these proposals, the ones whose video's text no longer matches the text they were made from. */
async function staleIds(payload: Payload, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const { rows } = await poolDb(payload).execute(sql`
    select p.id from seo_proposals p join videos v on v.id = p.video_id
    where p.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and ${inputHashSql(sql`p.provider`)} <> p.input_hash`)
  return new Set(rows.map((row) => Number(row.id)))
}

/** Proposals with this status, newest first, each beside its video's fields as they are now. */
export async function listProposals(payload: Payload, { status, limit }: { status: SeoProposalStatus; limit: number }): Promise<{ proposals: SeoProposalView[] }> {
  // overrideAccess: the endpoint has checked the caller is an admin.
  const { docs } = await payload.find({ collection: 'seo-proposals', where: { status: { equals: status } }, sort: '-createdAt', limit, depth: 0, overrideAccess: true })
  const ids = [...new Set(docs.map((d) => (typeof d.video === 'object' ? d.video.id : d.video)))]
  const videos = ids.length
    ? (await payload.find({ collection: 'videos', where: { id: { in: ids } }, select: SEO_SELECT, depth: 0, pagination: false, overrideAccess: true })).docs
    : []
  const byId = new Map(videos.map((v) => [v.id, v as Partial<Video> & { id: number }]))
  const pending = docs.filter((d) => d.status === 'pending')
  const [stale, history] = await Promise.all([staleIds(payload, pending.map((d) => d.id)), keyMomentHistory(poolDb(payload), ids)])
  return {
    proposals: docs.map((doc) => {
      const video = byId.get(typeof doc.video === 'object' ? doc.video.id : doc.video)
      const parsed = doc.fields ? seoFieldsSchema.safeParse(doc.fields) : null
      const proposed = parsed?.success ? parsed.data : null
      const current = video ? currentFields(video) : null
      const videoKey = typeof doc.video === 'object' ? doc.video.id : doc.video
      return {
        id: doc.id,
        status: doc.status,
        provider: doc.provider,
        createdAt: doc.createdAt,
        error: doc.error ?? null,
        video: video ? { id: video.id, videoId: String(video.videoId), title: String(video.title) } : null,
        proposed,
        current,
        changed: proposed && current ? changedFields(proposed, current) : [],
        decisions: (doc.decisions as SeoFieldDecisions | null) ?? {},
        stale: stale.has(doc.id),
        keyMomentsHandWritten: doc.status === 'pending' && current ? keyMomentsAreHandWritten(current.keyMoments ?? [], history.get(videoKey) ?? []) : false,
      }
    }),
  }
}

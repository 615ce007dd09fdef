// Proposals (README: proposal): listed with a diff against the video's fields now, accepted
// (the fields written, in one transaction with the decision) or rejected.
import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import {
  SEO_BOT_MESSAGES,
  SEO_FIELD_NAMES,
  seoFieldsSchema,
  type CurrentSeoFields,
  type SeoFields,
  type SeoProposalStatus,
  type SeoProposalView,
} from '../../../shared/seo-bot'
import type { User, Video } from '../../payload-types'
import { inTransaction, transactionDb } from '../db/transactions'
import { badRequest, conflict, notFound } from '../errors'
import { toKeyMoments } from '../videos/mappers'

/** Writes the fields to the video and marks the proposal accepted, inside the caller's transaction. */
export async function applyProposal(
  payload: Payload,
  req: PayloadRequest,
  { proposalId, videoId, fields, decidedBy, auto }: { proposalId: number; videoId: number; fields: SeoFields; decidedBy: number | null; auto: boolean },
): Promise<void> {
  const now = new Date().toISOString()
  // overrideAccess: the caller is the bot's job or an admin the endpoint has checked.
  await payload.update({ collection: 'videos', id: videoId, data: { ...fields, seoGenerated: true, seoGeneratedAt: now }, overrideAccess: true, depth: 0, req })
  await payload.update({
    collection: 'seo-proposals',
    id: proposalId,
    data: { status: 'accepted', decidedAt: now, decidedBy, autoAccepted: auto },
    overrideAccess: true,
    depth: 0,
    req,
  })
}

/** The proposal's row, locked until the decision commits: two clicks decide once. */
async function lockPending(payload: Payload, req: PayloadRequest, id: number) {
  const db = await transactionDb(payload, req)
  const { rows } = await db.execute(sql`select id, video_id, status, fields from seo_proposals where id = ${id} for update`)
  const row = rows[0]
  if (!row) throw notFound(SEO_BOT_MESSAGES.proposalNotFound)
  if (row.status !== 'pending') throw conflict(SEO_BOT_MESSAGES.notPending)
  return { videoId: Number(row.video_id), fields: row.fields }
}

export async function acceptProposal(payload: Payload, { user, id }: { user: User; id: number }): Promise<{ message: string }> {
  return inTransaction(payload, async (req) => {
    const { videoId, fields } = await lockPending(payload, req, id)
    const parsed = seoFieldsSchema.safeParse(fields)
    if (!parsed.success) throw badRequest(`This proposal cannot be applied: ${parsed.error.issues[0]?.message ?? 'invalid fields'}`)
    await applyProposal(payload, req, { proposalId: id, videoId, fields: parsed.data, decidedBy: user.id, auto: false })
    return { message: SEO_BOT_MESSAGES.accepted }
  })
}

export async function rejectProposal(payload: Payload, { user, id }: { user: User; id: number }): Promise<{ message: string }> {
  return inTransaction(payload, async (req) => {
    await lockPending(payload, req, id)
    await payload.update({
      collection: 'seo-proposals',
      id,
      data: { status: 'rejected', decidedAt: new Date().toISOString(), decidedBy: user.id },
      overrideAccess: true,
      depth: 0,
      req,
    })
    return { message: SEO_BOT_MESSAGES.rejected }
  })
}

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

export function changedFields(proposed: SeoFields, current: CurrentSeoFields): (keyof SeoFields)[] {
  return SEO_FIELD_NAMES.filter((name) => comparable(proposed[name]) !== comparable(current[name]))
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
  return {
    proposals: docs.map((doc) => {
      const video = byId.get(typeof doc.video === 'object' ? doc.video.id : doc.video)
      const parsed = doc.fields ? seoFieldsSchema.safeParse(doc.fields) : null
      const proposed = parsed?.success ? parsed.data : null
      const current = video ? currentFields(video) : null
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
      }
    }),
  }
}

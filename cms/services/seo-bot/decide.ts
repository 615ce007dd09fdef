// Deciding a proposal (README: proposal): field by field or all at once, as proposed or as the
// creator edited it, one or several proposals at a time, or regenerating a stale one. Each
// decision locks the proposal row and writes the video in the same transaction.
import { sql } from '@payloadcms/db-postgres'
import { APIError, type Payload, type PayloadRequest } from 'payload'

import {
  SEO_BOT_MESSAGES,
  SEO_FIELD_LABELS,
  SEO_FIELD_NAMES,
  seoFieldsSchema,
  type SeoAcceptInput,
  type SeoBulkInput,
  type SeoBulkResult,
  type SeoFieldDecisions,
  type SeoFieldName,
  type SeoFields,
} from '../../../shared/seo-bot'
import type { User } from '../../payload-types'
import { inTransaction, transactionDb } from '../db/transactions'
import { badRequest, conflict, notFound } from '../errors'
import { toKeyMoments } from '../videos/mappers'
import { loadSeoContext } from './context'
import { generateSeo, seoProvider } from './engine'
import { inputHashSql, keyMomentHistory, keyMomentsAreHandWritten, videoSource } from './source'

/** A pending proposal, locked until the decision commits: two clicks decide once. */
export type LockedProposal = { id: number; videoId: number; fields: unknown; decisions: SeoFieldDecisions; fresh: boolean }

async function lockPending(payload: Payload, req: PayloadRequest, id: number): Promise<LockedProposal> {
  const db = await transactionDb(payload, req)
  const { rows } = await db.execute(sql`
    select p.id, p.video_id, p.status, p.fields, p.decisions, v.id as video_exists,
      coalesce(${inputHashSql(sql`p.provider`)} = p.input_hash, false) as fresh
    from seo_proposals p left join videos v on v.id = p.video_id
    where p.id = ${id} for update of p`)
  const row = rows[0]
  if (!row) throw notFound(SEO_BOT_MESSAGES.proposalNotFound)
  if (row.status !== 'pending') throw conflict(SEO_BOT_MESSAGES.notPending)
  if (row.video_exists === null) throw notFound(SEO_BOT_MESSAGES.videoGone)
  return { id, videoId: Number(row.video_id), fields: row.fields, decisions: (row.decisions as SeoFieldDecisions | null) ?? {}, fresh: Boolean(row.fresh) }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

type Decide = {
  /** Only these fields; without it every field not yet decided (and hand-written key moments are kept, not refused). */
  names?: SeoFieldName[]
  values?: Partial<SeoFields>
  by: number | null
  auto: boolean
}

/**
 * Writes the chosen fields to the video and records them on the proposal, inside the caller's
 * transaction; the proposal is accepted once every field it proposes is decided. A stale proposal
 * is refused (409), and so are hand-written key moments when asked for by name.
 */
export async function decideFields(payload: Payload, req: PayloadRequest, proposal: LockedProposal, { names, values = {}, by, auto }: Decide): Promise<{ accepted: number; complete: boolean }> {
  const parsed = seoFieldsSchema.safeParse(proposal.fields)
  if (!parsed.success) throw badRequest(`This proposal cannot be applied: ${parsed.error.issues[0]?.message ?? 'invalid fields'}`)
  if (!proposal.fresh) throw conflict(SEO_BOT_MESSAGES.stale)
  const proposed = parsed.data
  const explicit = names !== undefined
  const wanted = [...new Set([...(names ?? SEO_FIELD_NAMES.filter((name) => !proposal.decisions[name])), ...(Object.keys(values) as SeoFieldName[])])]
  const decisions: SeoFieldDecisions = { ...proposal.decisions }
  const at = new Date().toISOString()
  const data: Partial<SeoFields> = {}
  for (const name of wanted) {
    const label = SEO_FIELD_LABELS[name]
    if (decisions[name]) {
      if (explicit) throw conflict(SEO_BOT_MESSAGES.fieldDecided(label))
      continue
    }
    const edited = name in values
    const value = edited ? values[name] : proposed[name]
    if (value === null || value === undefined) {
      if (explicit) throw badRequest(SEO_BOT_MESSAGES.fieldNotProposed(label.toLowerCase()))
      continue
    }
    if (name === 'keyMoments' && (await handWrittenKeyMoments(payload, req, proposal.videoId))) {
      if (explicit || edited) throw conflict(SEO_BOT_MESSAGES.keyMomentsHandWritten)
      decisions.keyMoments = { action: 'kept', at, by }
      continue
    }
    ;(data as Record<string, unknown>)[name] = value
    decisions[name] = { action: 'accepted', value, edited: edited && !same(value, proposed[name]), at, by }
  }
  const accepted = Object.keys(data).length
  if (accepted) {
    // overrideAccess: the caller is the bot's job or an admin the endpoint has checked.
    await payload.update({ collection: 'videos', id: proposal.videoId, data: { ...data, seoGenerated: true, seoGeneratedAt: at }, overrideAccess: true, depth: 0, req })
  }
  const complete = SEO_FIELD_NAMES.every((name) => decisions[name] || proposed[name] === null)
  await payload.update({
    collection: 'seo-proposals',
    id: proposal.id,
    data: { decisions, ...(complete ? { status: 'accepted' as const, decidedAt: at, decidedBy: by, autoAccepted: auto } : {}) },
    overrideAccess: true,
    depth: 0,
    req,
  })
  return { accepted, complete }
}

async function handWrittenKeyMoments(payload: Payload, req: PayloadRequest, videoId: number): Promise<boolean> {
  const video = await payload.findByID({ collection: 'videos', id: videoId, select: { keyMoments: true }, depth: 0, overrideAccess: true, req })
  const history = await keyMomentHistory(await transactionDb(payload, req), [videoId])
  return keyMomentsAreHandWritten(toKeyMoments(video.keyMoments), history.get(videoId) ?? [])
}

export async function acceptProposal(payload: Payload, { user, id, input }: { user: User; id: number; input?: SeoAcceptInput }): Promise<{ message: string }> {
  return inTransaction(payload, async (req) => {
    const proposal = await lockPending(payload, req, id)
    const { accepted, complete } = await decideFields(payload, req, proposal, { names: input?.fields, values: input?.values, by: user.id, auto: false })
    return { message: complete && !input?.fields ? SEO_BOT_MESSAGES.accepted : SEO_BOT_MESSAGES.fieldsAccepted(accepted) }
  })
}

/** Turns down what is left: the proposal is rejected, or accepted in part when some fields were. */
export async function rejectProposal(payload: Payload, { user, id }: { user: User; id: number }): Promise<{ message: string }> {
  return inTransaction(payload, async (req) => {
    const proposal = await lockPending(payload, req, id)
    const at = new Date().toISOString()
    const decisions: SeoFieldDecisions = { ...proposal.decisions }
    for (const name of SEO_FIELD_NAMES) decisions[name] ??= { action: 'rejected', at, by: user.id }
    const some = Object.values(decisions).some((d) => d?.action === 'accepted')
    await payload.update({
      collection: 'seo-proposals',
      id,
      data: { status: some ? 'accepted' : 'rejected', decisions, decidedAt: at, decidedBy: user.id },
      overrideAccess: true,
      depth: 0,
      req,
    })
    return { message: some ? SEO_BOT_MESSAGES.restRejected : SEO_BOT_MESSAGES.rejected }
  })
}

/** Several proposals, each decided in its own transaction: one that cannot be (stale, decided) does not stop the rest. */
export async function decideMany(payload: Payload, { user, action, ids }: SeoBulkInput & { user: User }): Promise<SeoBulkResult> {
  const results: SeoBulkResult['results'] = []
  for (const id of [...new Set(ids)]) {
    try {
      if (action === 'accept') await acceptProposal(payload, { user, id })
      else await rejectProposal(payload, { user, id })
      results.push({ id, ok: true })
    } catch (error) {
      // A refusal (stale, decided, a field the video's rules turn down) is reported; anything else is a fault.
      if (!(error instanceof APIError) || error.status >= 500) throw error
      results.push({ id, ok: false, error: error.message })
    }
  }
  const ok = results.filter((r) => r.ok).length
  return { message: SEO_BOT_MESSAGES.bulkDone(ok, results.length - ok, action), results }
}

/** Makes a pending proposal again from its video as it is now (a stale one becomes fresh); fields already accepted stay decided. */
export async function regenerateProposal(payload: Payload, { id }: { id: number }): Promise<{ message: string }> {
  const provider = seoProvider()
  const context = await loadSeoContext(payload)
  return inTransaction(payload, async (req) => {
    const proposal = await lockPending(payload, req, id)
    const source = await videoSource(await transactionDb(payload, req), proposal.videoId, provider.name)
    if (!source) throw notFound(SEO_BOT_MESSAGES.videoGone)
    let fields: SeoFields
    try {
      fields = await generateSeo(provider, { title: source.title, description: source.description, duration: source.duration, tags: source.tags }, context)
    } catch (error) {
      throw badRequest(`The bot could not regenerate this proposal: ${(error as Error).message}`)
    }
    // overrideAccess: an admin the endpoint has checked; the collection is closed to writes.
    await payload.update({ collection: 'seo-proposals', id, data: { fields, provider: provider.name, inputHash: source.inputHash }, overrideAccess: true, depth: 0, req })
    return { message: SEO_BOT_MESSAGES.regenerated }
  })
}

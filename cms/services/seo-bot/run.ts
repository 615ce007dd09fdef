// One run of the bot (README: run): the videos without SEO data get a proposal each, applied at
// once when auto-accept is on. Runs only inside the jobs-queue task (task.ts).
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { SeoFields } from '../../../shared/seo-bot'
import { inTransaction, poolDb, transactionDb } from '../db/transactions'
import { loadSeoContext } from './context'
import { generateSeo, seoProvider, type SeoContext, type SeoProvider } from './engine'
import { decideFields } from './decide'
import { inputHashSql, toSource, type VideoSource } from './source'
import { addProcessed, claimRun, readState, releaseRun, renewRun } from './state'

/** Videos looked at per run; the rest wait for the next one (a run stays short, its lease ample). */
export const SEO_RUN_BATCH = 25

export type SeoRunResult = {
  skipped: 'stopped' | 'busy' | null
  proposed: number
  applied: number
  failed: number
  /** More videos were waiting than one run takes. */
  remaining: boolean
}

type Candidate = VideoSource

const nothing = (skipped: SeoRunResult['skipped']): SeoRunResult => ({ skipped, proposed: 0, applied: 0, failed: 0, remaining: false })

/**
 * `force`: a process-now run, which goes ahead while the bot is stopped. Otherwise a stopped bot
 * does nothing, and a stop between two videos ends the run there.
 */
export async function runSeoBot(payload: Payload, { force = false }: { force?: boolean } = {}): Promise<SeoRunResult> {
  const state = await readState(payload)
  if (!state.isRunning && !force) return nothing('stopped')
  if (!(await claimRun(payload))) return nothing('busy')
  const result = nothing(null)
  const problems: string[] = []
  try {
    const provider = seoProvider()
    const context = await loadSeoContext(payload)
    const candidates = await videosWithoutSeo(payload, provider.name)
    result.remaining = candidates.length > SEO_RUN_BATCH
    for (const video of candidates.slice(0, SEO_RUN_BATCH)) {
      if (!force && !(await readState(payload)).isRunning) break
      try {
        const outcome = await processVideo(payload, provider, context, video, state.autoAccept)
        result[outcome] += 1
      } catch (error) {
        // A write that failed (the database, a field rule): the video is tried again next run.
        result.failed += 1
        problems.push(`video ${video.id}: ${(error as Error).message}`)
        payload.logger.warn({ err: error, videoId: video.id, event: 'seo_bot_video_failed' }, 'SEO bot could not store a proposal')
      }
      await renewRun(payload)
    }
    return result
  } catch (error) {
    problems.push((error as Error).message)
    throw error
  } finally {
    await releaseRun(payload, problems.length ? problems.join('; ') : null)
  }
}

/**
 * Videos the bot has not written (seoGenerated off) with no proposal waiting, and none rejected
 * or failed for the same text (inputHash: provider, title, description, duration), newest first.
 */
async function videosWithoutSeo(payload: Payload, provider: string): Promise<Candidate[]> {
  const { rows } = await poolDb(payload).execute(sql`
    select v.id, v.title, v.description, v.duration, h.input_hash,
      coalesce((select array_agg(t.text order by t."order") from videos_texts t where t.parent_id = v.id and t.path = 'tags'), '{}') as tags
    from videos v
    cross join lateral (select ${inputHashSql(provider)} as input_hash) h
    where not coalesce(v.seo_generated, false)
      and not exists (
        select 1 from seo_proposals p
        where p.video_id = v.id and (p.status = 'pending' or (p.status in ('rejected', 'failed') and p.input_hash = h.input_hash)))
    order by v.published_at desc, v.id desc
    limit ${SEO_RUN_BATCH + 1}`)
  return rows.map(toSource)
}

async function processVideo(payload: Payload, provider: SeoProvider, context: SeoContext, video: Candidate, autoAccept: boolean): Promise<'proposed' | 'applied' | 'failed'> {
  let fields: SeoFields | null = null
  let failure: string | null = null
  try {
    fields = await generateSeo(provider, { title: video.title, description: video.description, duration: video.duration, tags: video.tags }, context)
  } catch (error) {
    failure = (error as Error).message.slice(0, 1000)
  }
  return inTransaction(payload, async (req) => {
    // overrideAccess: the bot's own writes, from the jobs queue (no user; the collection is closed to writes).
    const proposal = await payload.create({
      collection: 'seo-proposals',
      data: { video: video.id, status: fields ? 'pending' : 'failed', provider: provider.name, inputHash: video.inputHash, fields, decisions: {}, error: failure },
      overrideAccess: true,
      depth: 0,
      req,
    })
    if (!fields) return 'failed'
    await addProcessed(payload, await transactionDb(payload, req))
    if (!autoAccept) return 'proposed'
    // Auto-accept decides every field as an admin's plain Accept would: hand-written key moments are kept.
    await decideFields(payload, req, { id: proposal.id, videoId: video.id, fields, decisions: {}, fresh: true }, { by: null, auto: true })
    return 'applied'
  })
}

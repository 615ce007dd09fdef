// The bot's doors (SPEC §7): status, start, stop, process now, and the auto-accept setting.
import type { Payload } from 'payload'

import { describeInterval, SEO_BOT_MESSAGES, type SeoBotSettings, type SeoBotStatus } from '../../../shared/seo-bot'
import { seoBotInterval } from './schedule'
import { markStarted, markStopped, readState, requeueStuckRuns, setAutoAccept } from './state'
import { SEO_BOT_TASK_SLUG } from './task'

export async function getSeoBotStatus(payload: Payload): Promise<SeoBotStatus> {
  // overrideAccess: counts for an admin the endpoint has checked (every video, premium ones too).
  const [state, videos, pending] = await Promise.all([
    readState(payload),
    payload.count({ collection: 'videos', overrideAccess: true }),
    payload.count({ collection: 'seo-proposals', where: { status: { equals: 'pending' } }, overrideAccess: true }),
  ])
  return {
    isRunning: state.isRunning,
    processedThisSession: state.processedThisSession,
    totalVideos: videos.totalDocs,
    checkInterval: seoBotInterval().ms,
    startedAt: state.startedAt,
    lastRunAt: state.lastRunAt,
    lastRunError: state.lastRunError,
    pendingProposals: pending.totalDocs,
    autoAccept: state.autoAccept,
    provider: process.env.SEO_PROVIDER?.trim() || 'local',
  }
}

/**
 * Whether a run that will do the work is due or running: a forced one, or any while the bot runs.
 * The schedule's next run (waiting until its time) does not count: that may be minutes away.
 */
async function runQueued(payload: Payload, force: boolean): Promise<boolean> {
  const { docs } = await payload.find({
    collection: 'payload-jobs',
    where: { and: [{ taskSlug: { equals: SEO_BOT_TASK_SLUG } }, { completedAt: { exists: false } }, { hasError: { not_equals: true } }] },
    limit: 20,
    depth: 0,
    overrideAccess: true,
  })
  const now = Date.now()
  const due = (job: (typeof docs)[number]) => job.processing || !job.waitUntil || new Date(job.waitUntil).getTime() <= now
  return docs.some((job) => due(job) && (!force || Boolean((job.input as { force?: boolean } | null)?.force)))
}

/**
 * Queues a run and has the queue take it now rather than at its next tick. It still runs as a
 * job (claimed like any other, recorded, retried), and the run's lease keeps it from overlapping another.
 */
async function queueRun(payload: Payload, force: boolean): Promise<boolean> {
  await requeueStuckRuns(payload, SEO_BOT_TASK_SLUG)
  if (await runQueued(payload, force)) return false
  const job = await payload.jobs.queue({ task: SEO_BOT_TASK_SLUG, input: { force }, queue: 'default', overrideAccess: true })
  void payload.jobs.run({ queue: 'default', where: { id: { equals: job.id } }, limit: 1, overrideAccess: true, silent: true }).catch((error: unknown) => {
    payload.logger.warn({ err: error, event: 'seo_bot_run_now_failed' }, 'SEO bot run could not start at once; the queue will run it')
  })
  return true
}

export async function startSeoBot(payload: Payload): Promise<{ message: string }> {
  if (!(await markStarted(payload))) return { message: SEO_BOT_MESSAGES.alreadyRunning }
  await queueRun(payload, false)
  return { message: SEO_BOT_MESSAGES.started(describeInterval(seoBotInterval().ms)) }
}

export async function stopSeoBot(payload: Payload): Promise<{ message: string }> {
  return { message: (await markStopped(payload)) ? SEO_BOT_MESSAGES.stopped : SEO_BOT_MESSAGES.alreadyStopped }
}

export async function processSeoNow(payload: Payload): Promise<{ message: string }> {
  return { message: (await queueRun(payload, true)) ? SEO_BOT_MESSAGES.processingQueued : SEO_BOT_MESSAGES.processingAlreadyQueued }
}

export async function getSeoBotSettings(payload: Payload): Promise<SeoBotSettings> {
  return { autoAccept: (await readState(payload)).autoAccept }
}

export async function updateSeoBotSettings(payload: Payload, settings: SeoBotSettings): Promise<SeoBotSettings> {
  await setAutoAccept(payload, settings.autoAccept)
  return getSeoBotSettings(payload)
}

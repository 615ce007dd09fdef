// The 15-minute sync on Payload's jobs queue (house rule 15), in the `default` queue the server's
// autoRun works through (payload.config.ts). The schedule queues a run only when none of it is
// waiting or running, the sync lock (sync.ts) keeps it from overlapping a manual import, and a run
// orphaned by a crash is handed back to the queue (reclaimOrphanedRuns).
import { sql } from '@payloadcms/db-postgres'
import type { Payload, TaskConfig } from 'payload'

import { inTransaction, transactionDb } from '../db/transactions'
import { syncConfiguredChannel } from './actions'
import { hasYoutubeKey } from './config'
import { YoutubeError } from './errors'
import { SYNC_LOCK } from './lock'
import { YOUTUBE_SYNC_TASK_SLUG } from './task-slug'

export { YOUTUBE_SYNC_TASK_SLUG }

export type YoutubeSyncJobOutput = { imported: number; total: number; skipped?: string; failed?: string }

/** A running job's row says `processing` for at least this long before a crash is suspected. */
const reclaimAfterSeconds = () => Math.max(1, Number(process.env.YOUTUBE_SYNC_RECLAIM_SECONDS) || 120)

/**
 * A server killed mid-sync leaves its job `processing` for good, and Payload would neither run it
 * again nor schedule another. When the sync lock is free (no process is syncing: the lock dies with
 * its connection) such a row is orphaned: it goes back to the queue and runs again from the start,
 * which is safe because the dead run's transaction was rolled back.
 */
export async function reclaimOrphanedRuns(payload: Payload): Promise<number> {
  return inTransaction(payload, async (req) => {
    const db = await transactionDb(payload, req)
    const { rows } = await db.execute(sql`select pg_try_advisory_xact_lock(${SYNC_LOCK}) as free`)
    if (!rows[0]?.free) return 0
    const reclaimed = await db.execute(sql`
      update payload_jobs set processing = false, updated_at = now()
      where task_slug = ${YOUTUBE_SYNC_TASK_SLUG} and processing = true and completed_at is null
        and updated_at < now() - make_interval(secs => ${reclaimAfterSeconds()})
      returning id`)
    if (reclaimed.rows.length) payload.logger.warn({ event: 'youtube_sync_reclaimed', jobs: reclaimed.rows.map((r) => r.id) }, 'a YouTube sync stopped by a restart goes back to the queue')
    return reclaimed.rows.length
  })
}

type BeforeScheduleFn = NonNullable<NonNullable<NonNullable<TaskConfig['schedule']>[number]['hooks']>['beforeSchedule']>

const beforeSchedule: BeforeScheduleFn = async (args) => {
  await reclaimOrphanedRuns(args.req.payload).catch((err) => args.req.payload.logger.error({ err }, 'reclaiming YouTube sync jobs failed'))
  return args.defaultBeforeSchedule(args)
}

/** Every 15 minutes by default (YOUTUBE_SYNC_CRON, croner syntax; 6 fields for seconds). */
export const youtubeSyncTask: TaskConfig<{ input: object; output: YoutubeSyncJobOutput }> = {
  slug: YOUTUBE_SYNC_TASK_SLUG,
  label: 'YouTube: sync the channel in site settings',
  schedule: [{ cron: process.env.YOUTUBE_SYNC_CRON || '2,17,32,47 * * * *', queue: 'default', hooks: { beforeSchedule } }],
  // Only the network and YouTube's 5xx are retried here; quota, key and handle problems wait for the next run.
  retries: { attempts: 2, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ req }) => {
    const { payload } = req
    if (!hasYoutubeKey()) return { output: { imported: 0, total: 0, skipped: 'YOUTUBE_API_KEY is not set' } }
    try {
      const { imported, total } = await syncConfiguredChannel(payload, { trigger: 'schedule' })
      return { output: { imported, total } }
    } catch (error) {
      if (!(error instanceof YoutubeError)) throw error
      if (error.reason === 'noChannel') return { output: { imported: 0, total: 0, skipped: error.message } }
      if (error.reason === 'busy') return { output: { imported: 0, total: 0, skipped: 'another import or sync was running' } }
      // Recorded by the sync; the job's own row keeps the reason too. Transient failures are retried.
      if (error.transient) throw error
      return { output: { imported: 0, total: 0, failed: error.message } }
    }
  },
}

// The transcode on Payload's jobs queue (house rule 15). Each upload queues one `videoTranscode`
// job in the `transcode` queue, in the upload's transaction: a video row never exists without its
// job. The queue is run by `runTranscodeQueue`, never more jobs than TRANSCODE_CONCURRENCY free
// slots (default 1): on an upload, when a transcode ends, and on the recovery sweep's tick. Never
// twice at once, never more than the slots across servers: the job holds the video's PostgreSQL
// advisory lock and a slot lock (lock.ts); a job that finds every slot taken (another server won
// the race) queues itself again and waits its turn. Durable: a job cut off by a restart stays 'processing' in
// payload_jobs and is never picked up again, so `videoTranscodeRecovery` (every 15 seconds, on a
// queue of its own) queues a new one for any video still waiting or processing whose lock nobody
// holds and whose job's lease (renewed by the running job, `leaseHeartbeat`) has run out.
import type { Payload, TaskConfig } from 'payload'
import { pgPool } from '../db/pool'
import { transcodeConcurrency } from './lock'

export const TRANSCODE_TASK_SLUG = 'videoTranscode'
export const TRANSCODE_RECOVERY_TASK_SLUG = 'videoTranscodeRecovery'
export const TRANSCODE_QUEUE = 'transcode'
/** The recovery sweep's own queue: its autoRun ticks every 15 s, whatever JOBS_CRON says (payload.config.ts). */
export const TRANSCODE_RECOVERY_QUEUE = 'transcode-recovery'
export const transcodeRecoveryCron = () => process.env.TRANSCODE_RECOVERY_CRON || '*/15 * * * * *'

/** How often a running transcode renews its job's lease (updated_at), and when a lease not renewed has run out. */
export const LEASE_RENEW_MS = 15_000
const leaseSeconds = () => Math.max(5, Number(process.env.TRANSCODE_LEASE_SECONDS) || 45)

type TranscodeOutput = { status: string; renditions?: string; durationSeconds?: number }

export const videoTranscodeTask: TaskConfig<{ input: { videoId: string }; output: TranscodeOutput }> = {
  slug: TRANSCODE_TASK_SLUG,
  label: 'Videos: transcode an upload to HLS',
  inputSchema: [{ name: 'videoId', type: 'text', required: true }],
  outputSchema: [
    { name: 'status', type: 'text' },
    { name: 'renditions', type: 'text' },
    { name: 'durationSeconds', type: 'number' },
  ],
  // A failure (reason on the video and on the job) is tried twice more, a minute apart.
  retries: { attempts: 2, backoff: { type: 'fixed', delay: 60_000 } },
  handler: async ({ input, req }) => {
    // Loaded here, not at config time: ffmpeg's packages stay out of the /cms build.
    const { transcodeUploadedVideo } = await import('./transcode')
    const outcome = await transcodeUploadedVideo(req.payload, input.videoId)
    // Every slot was taken: back in the queue, run when one frees.
    if (outcome.status === 'full') await queueTranscode(req.payload, input.videoId)
    // This job's slot is free now: the next waiting transcode starts (this job still counts as running).
    else runTranscodeQueueSoon(req.payload, 1)
    return { output: { status: outcome.status, renditions: outcome.renditions?.join(','), durationSeconds: outcome.durationSeconds } }
  },
}

/** Queues the transcode of an uploaded video (in the caller's transaction when `req` is given). */
export async function queueTranscode(payload: Payload, videoId: string, req?: import('payload').PayloadRequest) {
  return payload.jobs.queue({ task: TRANSCODE_TASK_SLUG, queue: TRANSCODE_QUEUE, input: { videoId }, req })
}

/** Transcode jobs running now: claimed and not finished, their lease alive (a dead one frees its slot). */
export async function runningTranscodes(payload: Payload): Promise<number> {
  const { rows } = await pgPool(payload).query<{ n: number }>(
    `select count(*)::int as n from payload_jobs
      where task_slug = $1 and processing and completed_at is null and updated_at > now() - make_interval(secs => $2)`,
    [TRANSCODE_TASK_SLUG, leaseSeconds()],
  )
  return rows[0]?.n ?? 0
}

/**
 * Runs as many waiting transcodes as there are free slots (TRANSCODE_CONCURRENCY less those
 * running; `finishing` jobs about to end are not counted), oldest first. The slot locks are the
 * hard limit; this only keeps jobs from being claimed to find every slot taken.
 */
export async function runTranscodeQueue(payload: Payload, finishing = 0): Promise<void> {
  const free = transcodeConcurrency() - Math.max(0, (await runningTranscodes(payload)) - finishing)
  if (free <= 0) return
  await payload.jobs.run({ queue: TRANSCODE_QUEUE, limit: free, silent: true })
}

/** Starts the transcode queue now instead of at the sweep's next tick. */
export function runTranscodeQueueSoon(payload: Payload, finishing = 0) {
  void runTranscodeQueue(payload, finishing).catch((err: unknown) => payload.logger.warn({ err }, 'transcode queue run failed'))
}

/**
 * Renews the lease of `videoId`'s running job every LEASE_RENEW_MS until the returned stop is
 * called: its row's updated_at moves, so the sweep tells a live long transcode from a dead one
 * even before it looks at the lock.
 */
export function leaseHeartbeat(payload: Payload, videoId: string): () => void {
  const pool = pgPool(payload)
  const renew = () =>
    pool
      .query("update payload_jobs set updated_at = now() where task_slug = $1 and input->>'videoId' = $2 and processing and completed_at is null", [TRANSCODE_TASK_SLUG, videoId])
      .catch((err: unknown) => payload.logger.warn({ err, videoId }, 'transcode lease renewal failed'))
  const timer = setInterval(renew, LEASE_RENEW_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Queues again the transcodes a crash or restart cut off: a video still waiting or processing with
 * no job waiting for it, nobody holding its lock (the lock ends with its process) and no job whose
 * lease is still running (a job claimed a moment ago has not taken the lock yet).
 */
export async function recoverTranscodes(payload: Payload): Promise<{ requeued: string[] }> {
  const pool = pgPool(payload)
  // Videos waiting or mid-transcode that no live job will finish: none waiting for them, nobody
  // holding their lock (the lock ends with its process).
  const { rows } = await pool.query<{ video_id: string }>(
    `select v.video_id from videos v
      where v.source = 'manual' and (v.transcode_status in ('queued', 'processing') or v.transcode_progress->>'replacing' = 'true')
        and not exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.classid = $1 and l.objid = hashtext(v.video_id)::oid and l.granted)
        and not exists (select 1 from payload_jobs j where j.task_slug = $2 and j.input->>'videoId' = v.video_id
                          and j.completed_at is null and j.has_error is not true
                          and (not j.processing or j.updated_at > now() - make_interval(secs => $3)))`,
    [0x7472, TRANSCODE_TASK_SLUG, leaseSeconds()],
  )
  for (const { video_id } of rows) {
    // The cut-off job's row says why it never finished.
    await pool.query(
      `update payload_jobs set processing = false, has_error = true, error = $3::jsonb
        where task_slug = $1 and input->>'videoId' = $2 and completed_at is null and processing`,
      [TRANSCODE_TASK_SLUG, video_id, JSON.stringify({ message: 'Interrupted: the server stopped during the transcode; queued again.' })],
    )
    await queueTranscode(payload, video_id)
  }
  if (rows.length) payload.logger.info({ event: 'video_transcode_recovered', videoIds: rows.map((r) => r.video_id) }, 'transcodes queued again')
  return { requeued: rows.map((r) => r.video_id) }
}

export const videoTranscodeRecoveryTask: TaskConfig<{ input: object; output: { requeued: number } }> = {
  slug: TRANSCODE_RECOVERY_TASK_SLUG,
  label: 'Videos: queue again transcodes cut off by a restart',
  // Every 15 seconds by default (TRANSCODE_RECOVERY_CRON, croner syntax, 6 fields for seconds), on
  // its own queue whose autoRun ticks as often: a dead job's lease runs out after 45 s, so its
  // video is transcoding again within about a minute. Payload queues it only when no run is waiting.
  // It is also the transcode queue's tick (that queue has no autoRun: it would ignore the slots).
  schedule: [{ cron: transcodeRecoveryCron(), queue: TRANSCODE_RECOVERY_QUEUE }],
  retries: 1,
  handler: async ({ req }) => {
    const { requeued } = await recoverTranscodes(req.payload)
    // The transcode queue's own tick: waiting jobs (and retries whose wait is over) start when a slot is free.
    runTranscodeQueueSoon(req.payload)
    return { output: { requeued: requeued.length } }
  },
}

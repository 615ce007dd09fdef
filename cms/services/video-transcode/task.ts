// The transcode on Payload's jobs queue (house rule 15). Each upload queues one `videoTranscode`
// job in the `transcode` queue (its own autoRun, payload.config.ts), in the upload's transaction:
// a video row never exists without its job. Never twice at once: the job holds the video's
// PostgreSQL advisory lock (lock.ts). Durable: a job cut off by a restart stays 'processing' in
// payload_jobs and is never picked up again, so `videoTranscodeRecovery` (every 15 seconds, on a
// queue of its own) queues a new one for any video still waiting or processing whose lock nobody
// holds and whose job's lease (renewed by the running job, `leaseHeartbeat`) has run out.
import type { Payload, TaskConfig } from 'payload'
import { pgPool } from '../db/pool'

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
    return { output: { status: outcome.status, renditions: outcome.renditions?.join(','), durationSeconds: outcome.durationSeconds } }
  },
}

/** Queues the transcode of an uploaded video (in the caller's transaction when `req` is given). */
export async function queueTranscode(payload: Payload, videoId: string, req?: import('payload').PayloadRequest) {
  return payload.jobs.queue({ task: TRANSCODE_TASK_SLUG, queue: TRANSCODE_QUEUE, input: { videoId }, req })
}

/** Starts the transcode queue now instead of at its next tick (the job's lock keeps it single). */
export function runTranscodeQueueSoon(payload: Payload) {
  void payload.jobs.run({ queue: TRANSCODE_QUEUE, limit: 1, silent: true }).catch((err: unknown) => payload.logger.warn({ err }, 'transcode queue run failed'))
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
      where v.source = 'manual' and v.transcode_status in ('queued', 'processing')
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
  schedule: [{ cron: transcodeRecoveryCron(), queue: TRANSCODE_RECOVERY_QUEUE }],
  retries: 1,
  handler: async ({ req }) => {
    const { requeued } = await recoverTranscodes(req.payload)
    if (requeued.length) runTranscodeQueueSoon(req.payload)
    return { output: { requeued: requeued.length } }
  },
}

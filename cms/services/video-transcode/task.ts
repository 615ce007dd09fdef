// The transcode on Payload's jobs queue (house rule 15). Each upload queues one `videoTranscode`
// job in the `transcode` queue (its own autoRun, payload.config.ts), in the upload's transaction:
// a video row never exists without its job. Never twice at once: the job holds the video's
// PostgreSQL advisory lock (lock.ts). Durable: a job cut off by a restart stays 'processing' in
// payload_jobs and is never picked up again, so `videoTranscodeRecovery` (scheduled) queues a
// new one for any video still waiting or processing whose lock nobody holds.
import type { Payload, TaskConfig } from 'payload'
import type { Pool } from 'pg'

export const TRANSCODE_TASK_SLUG = 'videoTranscode'
export const TRANSCODE_RECOVERY_TASK_SLUG = 'videoTranscodeRecovery'
export const TRANSCODE_QUEUE = 'transcode'

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

/** A job claimed this long ago without finishing and without its lock was cut off by a restart. */
const ORPHAN_AFTER_MS = 2 * 60_000

export async function recoverTranscodes(payload: Payload): Promise<{ requeued: string[] }> {
  const pool = (payload.db as unknown as { pool: Pool }).pool
  // Videos waiting or mid-transcode that no live job will finish: none waiting for them, nobody
  // holding their lock (the lock ends with its process).
  const { rows } = await pool.query<{ video_id: string }>(
    `select v.video_id from videos v
      where v.source = 'manual' and v.transcode_status in ('queued', 'processing')
        and not exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.classid = $1 and l.objid = hashtext(v.video_id)::oid and l.granted)
        and not exists (select 1 from payload_jobs j where j.task_slug = $2 and j.input->>'videoId' = v.video_id
                          and j.completed_at is null and j.has_error is not true
                          and (not j.processing or j.updated_at > now() - make_interval(secs => $3)))`,
    [0x7472, TRANSCODE_TASK_SLUG, ORPHAN_AFTER_MS / 1000],
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
  // Every 5 minutes by default (TRANSCODE_RECOVERY_CRON, croner syntax); Payload queues it only when no run is waiting.
  schedule: [{ cron: process.env.TRANSCODE_RECOVERY_CRON || '*/5 * * * *', queue: 'default' }],
  retries: 1,
  handler: async ({ req }) => {
    const { requeued } = await recoverTranscodes(req.payload)
    if (requeued.length) runTranscodeQueueSoon(req.payload)
    return { output: { requeued: requeued.length } }
  },
}

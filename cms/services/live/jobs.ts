// The live streams' background work on Payload's jobs queue (house rule 15), registered in
// payload.config.ts. Handlers load their services when they run: ffmpeg's helpers stay out of the
// /cms build, as the transcode task does.
import type { Payload, PayloadRequest, TaskConfig } from 'payload'

export const LIVE_QUEUE = 'live'
export const LIVE_GRACE_END_TASK = 'liveGraceEnd'
export const LIVE_REPLAY_TASK = 'liveReplay'

type StreamInput = { input: { streamId: number }; output: { outcome: string } }

/** Ends a stream whose publisher left and did not come back within the grace period. */
export const liveGraceEndTask: TaskConfig<StreamInput> = {
  slug: LIVE_GRACE_END_TASK,
  label: 'Live: end a stream after its grace period',
  inputSchema: [{ name: 'streamId', type: 'number', required: true }],
  outputSchema: [{ name: 'outcome', type: 'text' }],
  retries: 3,
  handler: async ({ input, req }) => {
    const { endStreamIfGraceOver } = await import('./grace')
    return { output: { outcome: await endStreamIfGraceOver(req.payload, Number(input.streamId)) } }
  },
}

/** Turns an ended stream's recording into a video (the replay). */
export const liveReplayTask: TaskConfig<StreamInput> = {
  slug: LIVE_REPLAY_TASK,
  label: 'Live: make the replay video of an ended stream',
  inputSchema: [{ name: 'streamId', type: 'number', required: true }],
  outputSchema: [{ name: 'outcome', type: 'text' }],
  // A failure is recorded on the stream (replayStatus failed) and tried twice more, a minute apart.
  retries: { attempts: 2, backoff: { type: 'fixed', delay: 60_000 } },
  handler: async ({ input, req }) => {
    const { makeReplay } = await import('./replay')
    return { output: { outcome: await makeReplay(req.payload, Number(input.streamId)) } }
  },
}

export const queueLiveJob = (payload: Payload, task: typeof LIVE_GRACE_END_TASK | typeof LIVE_REPLAY_TASK, streamId: number, options: { waitUntil?: Date; req?: PayloadRequest } = {}) =>
  payload.jobs.queue({ task, queue: LIVE_QUEUE, input: { streamId }, ...options })

/** Runs the live queue now instead of at its next tick (each job is idempotent). */
export function runLiveQueueSoon(payload: Payload): void {
  void payload.jobs.run({ queue: LIVE_QUEUE, limit: 5, silent: true }).catch((err: unknown) => payload.logger.warn({ err }, 'live queue run failed'))
}

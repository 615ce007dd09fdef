// Removing a deleted upload's files on Payload's jobs queue: the job is queued in the deletion's own
// transaction, so it exists only once the deletion has committed. A deletion that fails (one video
// of a bulk delete refused, the database gone mid-way) rolls the job back with the rows, and no
// file of a video that is still there is touched.
import type { Payload, PayloadRequest, TaskConfig } from 'payload'

import { removeVideoFiles } from './storage'

export const VIDEO_FILES_REMOVAL_TASK = 'videoFilesRemoval'

type Input = { input: { videoId: string }; output: { outcome: string } }

export const videoFilesRemovalTask: TaskConfig<Input> = {
  slug: VIDEO_FILES_REMOVAL_TASK,
  label: 'Uploads: remove a deleted video’s files',
  inputSchema: [{ name: 'videoId', type: 'text', required: true }],
  outputSchema: [{ name: 'outcome', type: 'text' }],
  retries: 3,
  handler: async ({ input, req }) => ({ output: { outcome: await removeFilesOfDeleted(req.payload, String(input.videoId)) } }),
}

/** Removes the files unless a video with this id exists again (ids are not reused, but files are never taken from a live video). */
export async function removeFilesOfDeleted(payload: Payload, videoId: string): Promise<string> {
  const { totalDocs } = await payload.count({ collection: 'videos', where: { videoId: { equals: videoId } }, overrideAccess: true })
  if (totalDocs > 0) return 'kept: the video exists'
  await removeVideoFiles(videoId)
  return 'removed'
}

/** Queues the removal in `req`'s transaction (the deletion's). */
export const queueVideoFilesRemoval = (payload: Payload, videoId: string, req: PayloadRequest) =>
  payload.jobs.queue({ task: VIDEO_FILES_REMOVAL_TASK, input: { videoId }, req })

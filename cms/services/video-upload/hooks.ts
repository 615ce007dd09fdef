import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterDeleteHook, CollectionBeforeDeleteHook } from 'payload'

import { transactionDb } from '../db/transactions'
import { queueVideoFilesRemoval } from './jobs'

/**
 * A deleted upload takes its files with it (the original, the HLS rendition and the poster), once
 * the deletion has committed: a job queued in the same transaction removes them (jobs.ts).
 */
export const removeUploadedVideoFiles: CollectionAfterDeleteHook = async ({ doc, req }) => {
  const { source, videoId } = doc as { source?: string; videoId?: string }
  if (source === 'manual' && typeof videoId === 'string' && /^manual_[a-z0-9_-]+$/.test(videoId)) await queueVideoFilesRemoval(req.payload, videoId, req)
}

/**
 * A video's comments go with it, in the deletion's transaction (their likes and reactions follow
 * by cascade). A comment cannot outlive its video: its video is required.
 */
export const deleteVideoComments: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const db = await transactionDb(req.payload, req)
  await db.execute(sql`delete from comments where video_id = ${Number(id)}`)
}

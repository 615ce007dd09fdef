// Where the replay hangs off the collections' hooks: a stream that ends (any door: the ingest's
// grace period, an admin's End Stream, /cms) queues its replay job in the same transaction, and a
// replay video's finished transcode settles the stream's replayStatus.
import type { CollectionAfterChangeHook } from 'payload'

import { afterTransactionEnds } from '../cache/transaction-end'
import { LIVE_REPLAY_TASK, queueLiveJob, runLiveQueueSoon } from './jobs'

export const queueReplayWhenEnded: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || doc.status !== 'ended' || previousDoc?.status === 'ended' || doc.platform !== 'obs') return doc
  await queueLiveJob(req.payload, LIVE_REPLAY_TASK, doc.id as number, { req })
  // Started at once, after the commit so the job sees the ended row (the queue's tick is the backstop).
  const inTransaction = await afterTransactionEnds(req, (committed) => committed && runLiveQueueSoon(req.payload))
  if (!inTransaction) runLiveQueueSoon(req.payload)
  return doc
}

/** A replay video's transcode finished: its stream's replay is ready, or failed (the video says why). */
export const syncReplayStatus: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  const status = doc.transcodeStatus as string | undefined
  if (operation !== 'update' || doc.source !== 'manual' || status === previousDoc?.transcodeStatus || (status !== 'ready' && status !== 'failed')) return doc
  const replayStatus = status === 'ready' ? 'ready' : 'failed'
  // overrideAccess: bookkeeping of the stream whose replay this video is (none for ordinary uploads).
  await req.payload.update({
    collection: 'live-streams',
    where: { replayVideo: { equals: doc.id } },
    data: { replayStatus },
    depth: 0,
    overrideAccess: true,
    req,
    context: { liveReplay: true },
  })
  return doc
}

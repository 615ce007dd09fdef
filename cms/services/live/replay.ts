// The replay: when a stream ends (any door), its recording becomes a premium-like-the-stream,
// uncut video through the upload's own transcode pipeline (cms/services/video-upload, -transcode).
import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'

import { newManualVideoId } from '../../../shared/video-upload'
import type { LiveStream as LiveStreamDoc } from '../../payload-types'
import { inTransaction } from '../db/transactions'
import { ffmpegPath, INPUT_GUARD, run } from '../video-transcode/binaries'
import { queueTranscode, runTranscodeQueueSoon } from '../video-transcode/task'
import { newInFlightFile, originalUrl, placeOriginal, removeFile, removeVideoFiles } from '../video-upload/storage'
import { RECORDING_PART, recordingDir, streamDir } from './ingest/paths'
import { publishLockHeld } from './publish-lock'

export type ReplayOutcome = 'not-ended' | 'done' | 'off' | 'none' | 'pending'

/** A publish still closing its recording (an admin ended the stream under it) is waited for this long. */
const PUBLISH_WIND_UP_MS = 30_000
const REASON_MAX = 1000

/** The recording's parts in publish order (reconnects make several). */
export async function recordingParts(streamId: number): Promise<string[]> {
  const names = await fs.promises.readdir(recordingDir(streamId)).catch(() => [] as string[])
  const parts = names.filter((name) => RECORDING_PART.test(name)).sort()
  const sized = await Promise.all(parts.map(async (name) => ((await fs.promises.stat(path.join(recordingDir(streamId), name)).catch(() => null))?.size ? name : null)))
  return sized.filter((name): name is string => name !== null)
}

/** The concat demuxer's list: plain relative names only, which its `safe` mode accepts. */
export const concatList = (parts: string[]): string => parts.map((name) => `file '${name}'\n`).join('')

/** Joins the parts into one MP4 (streams copied; timestamps made continuous by the concat demuxer). */
async function joinParts(streamId: number, parts: string[], target: string): Promise<void> {
  const list = path.join(recordingDir(streamId), 'parts.txt')
  await fs.promises.writeFile(list, concatList(parts))
  try {
    await run(
      ffmpegPath(),
      ['-hide_banner', '-loglevel', 'error', '-y', ...INPUT_GUARD, '-f', 'concat', '-safe', '1', '-i', list, '-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', target],
      { timeoutMs: 60 * 60_000 },
    )
  } finally {
    await removeFile(list)
  }
}

const setReplay = (payload: Payload, id: number, data: Partial<LiveStreamDoc>) =>
  payload.update({ collection: 'live-streams', id, data, depth: 0, overrideAccess: true, context: { liveReplay: true } })

/** The live folder (playlist, segments, recording) once nothing needs it any more. */
const removeLiveFiles = (streamId: number) => fs.promises.rm(streamDir(streamId), { recursive: true, force: true }).catch(() => undefined)

async function waitForPublishToWindUp(payload: Payload, streamId: number): Promise<void> {
  const deadline = Date.now() + PUBLISH_WIND_UP_MS
  while (await publishLockHeld(payload, streamId)) {
    if (Date.now() > deadline) throw new Error('The publisher is still connected; the replay will be tried again.')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * The replay job's body (idempotent): for an ended stream, no replay when keepReplay is off
 * ('off') or nothing was recorded ('none'); otherwise a `videos` row (source manual, premium like
 * the stream, uncut) with the joined recording as its original and its transcode queued, in one
 * transaction with the stream's replayVideo. replayStatus becomes ready or failed when the
 * transcode finishes (syncReplayStatus).
 */
export async function makeReplay(payload: Payload, streamId: number): Promise<ReplayOutcome> {
  // overrideAccess: the jobs queue is the caller.
  const stream = await payload.findByID({ collection: 'live-streams', id: streamId, depth: 0, disableErrors: true, overrideAccess: true })
  if (!stream || stream.status !== 'ended') return 'not-ended'
  if (stream.replayVideo) return 'done'
  if (stream.keepReplay === false) {
    await setReplay(payload, streamId, { replayStatus: 'off' })
    await removeLiveFiles(streamId)
    return 'off'
  }
  await waitForPublishToWindUp(payload, streamId)
  const parts = await recordingParts(streamId)
  if (parts.length === 0) {
    await setReplay(payload, streamId, { replayStatus: 'none' })
    await removeLiveFiles(streamId)
    return 'none'
  }
  await setReplay(payload, streamId, { replayStatus: 'pending' })
  const videoId = newManualVideoId()
  const joined = await newInFlightFile()
  let placed = false
  try {
    await joinParts(streamId, parts, joined)
    await inTransaction(payload, async (req) => {
      const video = await payload.create({
        collection: 'videos',
        data: {
          videoId,
          title: stream.title,
          description: stream.description || null,
          publishedAt: stream.actualEnd ?? new Date().toISOString(),
          isUncut: true,
          isPremium: stream.isPremiumOnly !== false,
          source: 'manual',
          videoUrl: originalUrl(videoId, 'mp4'),
          thumbnailUrl: stream.thumbnailUrl || null,
          transcodeStatus: 'queued',
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await queueTranscode(payload, videoId, req)
      await payload.update({ collection: 'live-streams', id: streamId, data: { replayVideo: video.id }, depth: 0, overrideAccess: true, req, context: { liveReplay: true } })
      placed = true
      await placeOriginal(joined, videoId, 'mp4')
    })
  } catch (error) {
    await removeFile(joined)
    if (placed) await removeVideoFiles(videoId)
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX)
    payload.logger.warn({ event: 'live_replay_failed', streamId, reason }, 'live replay could not be made')
    await setReplay(payload, streamId, { replayStatus: 'failed' }).catch(() => undefined)
    throw new Error(reason, { cause: error })
  }
  payload.logger.info({ event: 'live_replay_queued', streamId, videoId, parts: parts.length }, 'live replay queued for transcoding')
  runTranscodeQueueSoon(payload)
  await removeLiveFiles(streamId)
  return 'pending'
}

import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'

import { toIsoDuration } from '../../../shared/format'
import type { TranscodeStatus } from '../../../shared/video-upload'
import { hlsMasterUrl, hlsWorkDir, posterUrl, publishHls, videoDir, writePoster } from '../video-upload/storage'
import { extractPoster, transcodeToHls } from './hls'
import { withTranscodeLock } from './lock'
import { probeVideo } from './probe'
import { leaseHeartbeat } from './task'

export type TranscodeOutcome = { status: TranscodeStatus | 'busy' | 'gone'; renditions?: string[]; durationSeconds?: number }

const REASON_MAX = 1000

async function findVideo(payload: Payload, videoId: string) {
  // overrideAccess: the jobs queue is the caller; it reads and writes only the upload's own row.
  const { docs } = await payload.find({ collection: 'videos', where: { videoId: { equals: videoId } }, limit: 1, depth: 0, overrideAccess: true, joins: false })
  return docs[0] ?? null
}

const setStatus = (payload: Payload, id: number, data: Record<string, unknown>) =>
  payload.update({ collection: 'videos', id, data, depth: 0, overrideAccess: true, context: { transcode: true } })

/** The uploaded original of a video: `original.<ext>` in its folder. */
async function findOriginal(videoId: string): Promise<string | null> {
  const names = await fs.promises.readdir(videoDir(videoId)).catch(() => [] as string[])
  const name = names.find((n) => n.startsWith('original.'))
  return name ? path.join(videoDir(videoId), name) : null
}

/**
 * The transcode of one uploaded video (the job's body): under the video's lock, probe the original
 * for its real duration and size, write the HLS ladder beside it, make a poster when the upload had
 * no thumbnail, then point the video at them. A failure is recorded on the video with its reason
 * (shown in /admin) and thrown again for the jobs queue to record and retry.
 */
export async function transcodeUploadedVideo(payload: Payload, videoId: string): Promise<TranscodeOutcome> {
  const outcome = await withTranscodeLock(payload, videoId, async (): Promise<TranscodeOutcome> => {
    const video = await findVideo(payload, videoId)
    if (!video || video.source !== 'manual') return { status: 'gone' }
    // A second job for a video already done (a recovery sweep raced the first job): nothing to do.
    if (video.transcodeStatus === 'ready' && video.hlsUrl) return { status: 'ready' }
    await setStatus(payload, video.id, { transcodeStatus: 'processing', transcodeError: null })
    const stopHeartbeat = leaseHeartbeat(payload, videoId)
    try {
      const original = await findOriginal(videoId)
      if (!original) throw new Error('The uploaded file is missing')
      const probed = await probeVideo(original)
      const { renditions } = await transcodeToHls(original, probed, hlsWorkDir(videoId))
      await publishHls(videoId)
      let thumbnailUrl = video.thumbnailUrl
      if (!thumbnailUrl) {
        await writePoster(videoId, await extractPoster(original, probed))
        thumbnailUrl = posterUrl(videoId)
      }
      await setStatus(payload, video.id, {
        hlsUrl: hlsMasterUrl(videoId),
        duration: toIsoDuration(Math.round(probed.durationSeconds)),
        thumbnailUrl,
        transcodeStatus: 'ready',
        transcodeError: null,
        transcodedAt: new Date().toISOString(),
      })
      return { status: 'ready', renditions, durationSeconds: probed.durationSeconds }
    } catch (error) {
      await fs.promises.rm(hlsWorkDir(videoId), { recursive: true, force: true }).catch(() => undefined)
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX)
      await setStatus(payload, video.id, { transcodeStatus: 'failed', transcodeError: reason }).catch(() => undefined)
      payload.logger.warn({ event: 'video_transcode_failed', videoId, reason }, 'video transcode failed')
      throw new Error(reason, { cause: error })
    } finally {
      stopHeartbeat()
    }
  })
  return outcome === 'busy' ? { status: 'busy' } : outcome
}

import fs from 'node:fs'
import path from 'node:path'

import type { Payload } from 'payload'

import { toIsoDuration } from '../../../shared/format'
import type { TranscodeStatus } from '../../../shared/video-upload'
import { pgPool } from '../db/pool'
import { frameFile, frameUrl, hlsMasterUrl, hlsWorkDir, localCopy, posterUrl, publicUrl, publishHls, removeFile, removeHlsExcept, renameStored, videoDir, videoFolderNames, writePoster, writeWhole } from '../video-upload/storage'
import { captionSubtitles, type CaptionTrack } from '../video-upload/captions-store'
import { extractFrames, extractPoster, transcodeToHls } from './hls'
import { withSubtitles } from './ladder'
import { withTranscodeLock } from './lock'
import { probeVideo } from './probe'
import type { TranscodeProgress } from './progress'
import { leaseHeartbeat } from './task'

export type TranscodeOutcome = { status: TranscodeStatus | 'busy' | 'full' | 'gone'; renditions?: string[]; durationSeconds?: number }

const REASON_MAX = 1000
/** Progress is written at most this often while ffmpeg runs (and whenever a rendition is done). */
const PROGRESS_EVERY_MS = 1000

async function findVideo(payload: Payload, videoId: string) {
  // overrideAccess: the jobs queue is the caller; it reads and writes only the upload's own row.
  const { docs } = await payload.find({ collection: 'videos', where: { videoId: { equals: videoId } }, limit: 1, depth: 0, overrideAccess: true, joins: false })
  return docs[0] ?? null
}

const setStatus = (payload: Payload, id: number, data: Record<string, unknown>) =>
  payload.update({ collection: 'videos', id, data, depth: 0, overrideAccess: true, context: { transcode: true } })

/**
 * The progress of a running transcode, written straight to its column: a Payload update would run
 * the collection's hooks and clear the site's content cache every second for a value only the
 * upload panel reads.
 */
const writeProgress = (payload: Payload, videoId: string, progress: TranscodeProgress) =>
  pgPool(payload)
    .query('update videos set transcode_progress = $1::jsonb where video_id = $2', [JSON.stringify(progress), videoId])
    .catch((err: unknown) => payload.logger.warn({ err, videoId }, 'transcode progress not recorded'))

/** The file a video plays from now: the one its videoUrl names, else any `original…` in its folder. */
async function findOriginal(videoId: string, videoUrl: string | null | undefined): Promise<string | null> {
  const names = await videoFolderNames(videoId)
  const current = videoUrl ? decodeURIComponent(videoUrl.split('/').pop() ?? '') : ''
  const name = names.includes(current) ? current : names.find((n) => n.startsWith('original'))
  return name ? path.join(videoDir(videoId), name) : null
}

/** A replacement file waiting for its transcode (`.replacement-{version}.{ext}`, hidden from /media), if any. */
export async function findReplacement(videoId: string): Promise<string | null> {
  const names = await videoFolderNames(videoId)
  const name = names.filter((n) => n.startsWith('.replacement-')).sort().pop()
  return name ? path.join(videoDir(videoId), name) : null
}

/**
 * The transcode of one uploaded video (the job's body): under the video's lock and a transcode
 * slot, probe the file for its real duration and size, write the HLS ladder beside it (reporting
 * its percent), save stills to pick a thumbnail from and a poster when the upload had none, then
 * point the video at them. A replacement file (replace.ts) is transcoded the same way while the
 * current stream keeps playing, and swapped in when ready. A failure is recorded on the video with
 * its reason (shown in /admin) and thrown again for the jobs queue to record and retry.
 */
export async function transcodeUploadedVideo(payload: Payload, videoId: string): Promise<TranscodeOutcome> {
  const outcome = await withTranscodeLock(payload, videoId, async (): Promise<TranscodeOutcome> => {
    const video = await findVideo(payload, videoId)
    if (!video || video.source !== 'manual') return { status: 'gone' }
    // A video that plays (transcoded, or from before transcodes: no status) keeps playing while its replacement transcodes.
    const plays = (video.transcodeStatus === 'ready' && Boolean(video.hlsUrl)) || !video.transcodeStatus
    const replacement = plays ? await findReplacement(videoId) : null
    // A second job for a video already done (a recovery sweep raced the first job): nothing to do.
    if (video.transcodeStatus === 'ready' && video.hlsUrl && !replacement) {
      // A replacement whose file is gone (its transcode ended before the flag was cleared): nothing waits any more.
      const stale = video.transcodeProgress as TranscodeProgress | null
      if (stale?.replacing) await writeProgress(payload, videoId, { ...stale, replacing: false })
      return { status: 'ready' }
    }
    const startedAt = new Date().toISOString()
    let progress: TranscodeProgress = { percent: 0, renditionsDone: 0, renditionsTotal: 0, startedAt, ...(replacement ? { replacing: true } : {}) }
    if (replacement) await writeProgress(payload, videoId, progress)
    else await setStatus(payload, video.id, { transcodeStatus: 'processing', transcodeError: null, transcodeProgress: progress })
    const stopHeartbeat = leaseHeartbeat(payload, videoId)
    let lastWrite = 0
    // The file ffmpeg reads: the stored one itself on the local disk, a download of it from a bucket.
    let local: Awaited<ReturnType<typeof localCopy>> = null
    try {
      const stored = replacement ?? (await findOriginal(videoId, video.videoUrl))
      local = stored ? await localCopy(stored) : null
      if (!local) throw new Error('The uploaded file is missing')
      const source = local.path
      const probed = await probeVideo(source)
      const captions = (video.captions ?? []) as CaptionTrack[]
      const { renditions } = await transcodeToHls(source, probed, hlsWorkDir(videoId), {
        subtitles: captionSubtitles(captions),
        onProgress: (step) => {
          const now = Date.now()
          const renditionDone = step.renditionsDone !== progress.renditionsDone
          progress = { ...progress, ...step }
          if (!renditionDone && now - lastWrite < PROGRESS_EVERY_MS) return
          lastWrite = now
          void writeProgress(payload, videoId, progress)
        },
      })
      const frames = await extractFrames(source, probed)
      for (const [i, frame] of frames.entries()) await writeWhole(frameFile(videoId, i + 1), frame.bytes)
      // The first stream keeps the plain `hls/`; a replacement gets a folder of its own (public
      // playlists are cached for a month, so a new stream needs new URLs).
      // Captions added while it ran are in the master playlist too.
      const latest = await findVideo(payload, videoId)
      const master = path.join(hlsWorkDir(videoId), 'master.m3u8')
      await writeWhole(master, withSubtitles(await fs.promises.readFile(master, 'utf8'), captionSubtitles((latest?.captions ?? []) as CaptionTrack[])))
      const hlsName = replacement ? `hls-${path.basename(replacement).split('-')[1]!.split('.')[0]}` : 'hls'
      await publishHls(videoId, hlsName)
      let { thumbnailUrl } = video
      if (!thumbnailUrl) {
        await writePoster(videoId, await extractPoster(source, probed))
        thumbnailUrl = posterUrl(videoId)
      }
      let videoUrl = video.videoUrl
      if (replacement) {
        const placed = path.join(videoDir(videoId), path.basename(replacement).replace(/^\.replacement-/, 'original-'))
        await renameStored(replacement, placed)
        videoUrl = publicUrl(placed)
      }
      await setStatus(payload, video.id, {
        hlsUrl: hlsMasterUrl(videoId, hlsName),
        videoUrl,
        duration: toIsoDuration(Math.round(probed.durationSeconds)),
        thumbnailUrl,
        thumbnailFrames: frames.map((frame, i) => ({ url: frameUrl(videoId, i + 1), at: frame.at })),
        transcodeStatus: 'ready',
        transcodeError: null,
        transcodedAt: new Date().toISOString(),
        transcodeProgress: { percent: 100, renditionsDone: renditions.length, renditionsTotal: renditions.length, startedAt, finishedAt: new Date().toISOString() },
      })
      if (replacement) await removeOldFiles(videoId, hlsName, path.basename(videoUrl ?? ''))
      return { status: 'ready', renditions, durationSeconds: probed.durationSeconds }
    } catch (error) {
      await fs.promises.rm(hlsWorkDir(videoId), { recursive: true, force: true }).catch(() => undefined)
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX)
      if (replacement) {
        // The current stream stays; the replacement is dropped with the reason shown in /admin.
        await removeFile(replacement)
        await writeProgress(payload, videoId, { ...progress, replacing: false, replacementError: reason })
      } else {
        await setStatus(payload, video.id, { transcodeStatus: 'failed', transcodeError: reason }).catch(() => undefined)
      }
      payload.logger.warn({ event: 'video_transcode_failed', videoId, reason, replacing: Boolean(replacement) }, 'video transcode failed')
      if (replacement) return { status: 'failed' }
      throw new Error(reason, { cause: error })
    } finally {
      stopHeartbeat()
      await local?.release().catch(() => undefined)
    }
  })
  return outcome === 'busy' || outcome === 'full' ? { status: outcome } : outcome
}

/** After a replacement is live: the previous stream's folders and original go. */
async function removeOldFiles(videoId: string, keepHls: string, keepOriginal: string) {
  await removeHlsExcept(videoId, keepHls)
  for (const name of await videoFolderNames(videoId)) if (name.startsWith('original') && name !== keepOriginal) await removeFile(path.join(videoDir(videoId), name))
}

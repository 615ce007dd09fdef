// Replacing an uploaded video's file: the same video (its page, comments, views, captions) gets a
// new file, transcoded on the jobs queue. While a playing video's replacement transcodes, its
// current stream stays served; the new one takes its place only when ready (transcode.ts).
import path from 'node:path'

import type { Payload } from 'payload'

import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import { CONTAINER_EXTENSIONS, type VideoContainer } from '../../../shared/video-upload'
import { inTransaction } from '../db/transactions'
import { conflict, forbidden, notFound, unauthorized } from '../errors'
import { queueTranscode, runTranscodeQueueSoon } from '../video-transcode/task'
import { moveIntoPlace, publicUrl, removeFile, versionStamp, videoDir, videoFolderNames } from './storage'

export type ReplaceResult = { videoId: string; replacing: boolean; transcodeStatus: string }

/**
 * Puts `video` (a received temporary file, moved into place or removed) in as the new file of
 * `videoId`. A video that plays keeps playing: the file waits hidden as `.replacement-{version}`
 * and the transcode swaps it in. One that never played (its transcode failed) simply starts
 * again with the new file. A video still waiting for its first transcode is refused (409).
 */
export async function replaceVideoFile(
  payload: Payload,
  { user, videoId, video }: { user: Pick<User, 'isAdmin' | 'id'> | null; videoId: string; video: { file: string; container: VideoContainer } },
): Promise<ReplaceResult> {
  let placed: string | null = null
  try {
    if (!user) throw unauthorized()
    if (!userIsAdmin(user)) throw forbidden('Only admins can replace videos.')
    // overrideAccess: the caller is checked to be an admin above.
    const { docs } = await payload.find({ collection: 'videos', where: { videoId: { equals: videoId } }, limit: 1, depth: 0, joins: false, overrideAccess: true })
    const doc = docs[0]
    if (!doc || doc.source !== 'manual') throw notFound('No uploaded video with this id.')
    // Plays now: transcoded, or a self-hosted video from before transcodes (no status, its file as is).
    const plays = (doc.transcodeStatus === 'ready' && Boolean(doc.hlsUrl)) || !doc.transcodeStatus
    if (!plays && doc.transcodeStatus !== 'failed') throw conflict('This video is still being transcoded: replace its file once it is ready.')
    const version = versionStamp()
    const ext = CONTAINER_EXTENSIONS[video.container]
    // An earlier replacement still waiting is superseded by this one.
    for (const name of await videoFolderNames(videoId)) if (name.startsWith('.replacement-')) await removeFile(path.join(videoDir(videoId), name))
    placed = path.join(videoDir(videoId), plays ? `.replacement-${version}.${ext}` : `original-${version}.${ext}`)
    const target = placed
    await inTransaction(payload, async (req) => {
      const data = plays
        ? { transcodeProgress: { percent: 0, renditionsDone: 0, renditionsTotal: 0, startedAt: new Date().toISOString(), replacing: true } }
        : { videoUrl: publicUrl(target), transcodeStatus: 'queued' as const, transcodeError: null, hlsUrl: null, transcodeProgress: null }
      // overrideAccess: as above. context.transcode: the same writes the transcode job makes.
      await payload.update({ collection: 'videos', id: doc.id, data, depth: 0, overrideAccess: true, req, context: { transcode: true } })
      await queueTranscode(payload, videoId, req)
      await moveIntoPlace(video.file, target)
    })
    if (!plays) {
      // The failed upload's old original goes; the new one is the video's file now.
      for (const name of await videoFolderNames(videoId)) if (name.startsWith('original') && path.join(videoDir(videoId), name) !== target) await removeFile(path.join(videoDir(videoId), name))
    }
    placed = null
    payload.logger.info({ event: 'video_file_replaced', videoId, userId: user.id, whilePlaying: plays }, 'video file replaced')
    runTranscodeQueueSoon(payload)
    return { videoId, replacing: plays, transcodeStatus: plays ? 'ready' : 'queued' }
  } catch (error) {
    await removeFile(video.file)
    if (placed) await removeFile(placed)
    throw error
  }
}

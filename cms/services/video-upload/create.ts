import type { Payload } from 'payload'

import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import { newManualVideoId, type UploadedVideo, type VideoContainer, type VideoUploadFields } from '../../../shared/video-upload'
import { inTransaction } from '../db/transactions'
import { conflict, forbidden } from '../errors'
import { queueTranscode, runTranscodeQueueSoon } from '../video-transcode/task'
import { originalUrl, placeOriginal, posterUrl, removeFile, removeVideoFiles, writePoster } from './storage'
import { processThumbnail } from './thumbnail'

export type UploadInput = {
  user: Pick<User, 'id' | 'isAdmin'> | null
  fields: VideoUploadFields
  /** The received file (a temporary file this function moves into place or removes). */
  video: { file: string; container: VideoContainer }
  thumbnail: Uint8Array | null
}

/**
 * Creates the video of a finished upload (multipart or tus alike): the thumbnail re-encoded, the
 * row (source manual, shown as EXCLUSIVE) and its transcode job in one transaction, the original
 * moved into the video's folder before that commits. Whatever fails, no row and no file remain.
 */
export async function createUploadedVideo(payload: Payload, { user, fields, video, thumbnail }: UploadInput): Promise<UploadedVideo> {
  // Set once this upload's own files are being put in place: only then are they removed on failure.
  let placing: string | null = null
  try {
    if (!userIsAdmin(user)) throw forbidden('Only admins can upload videos.')
    const poster = thumbnail ? await processThumbnail(thumbnail) : null
    const id = fields.videoId ?? newManualVideoId()
    if ((await payload.count({ collection: 'videos', where: { videoId: { equals: id } }, overrideAccess: true })).totalDocs > 0) {
      throw conflict('A video with this id already exists.')
    }
    const doc = await inTransaction(payload, async (req) => {
      // overrideAccess: the caller is checked to be an admin above.
      const created = await payload.create({
        collection: 'videos',
        data: {
          videoId: id,
          title: fields.title,
          description: fields.description || null,
          publishedAt: fields.publishedAt,
          duration: fields.duration,
          isUncut: fields.isUncut,
          isPremium: fields.isPremium,
          source: 'manual',
          videoUrl: originalUrl(id, video.container),
          thumbnailUrl: poster ? posterUrl(id) : null,
          transcodeStatus: 'queued',
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      await queueTranscode(payload, id, req)
      placing = id
      await placeOriginal(video.file, id, video.container)
      if (poster) await writePoster(id, poster)
      return created
    })
    payload.logger.info({ event: 'video_uploaded', videoId: id, userId: user?.id }, 'video uploaded')
    runTranscodeQueueSoon(payload)
    return { id: doc.id, videoId: id, title: doc.title, transcodeStatus: 'queued', url: `/video/${id}` }
  } catch (error) {
    await removeFile(video.file)
    if (placing) await removeVideoFiles(placing)
    throw error
  }
}

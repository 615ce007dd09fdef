import type { Payload } from 'payload'
import sharp from 'sharp'

import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import { INVALID_FILE_TYPE, THUMBNAIL_TOO_LARGE_DESCRIPTION } from '../../../shared/messages'
import { THUMBNAIL_MAX_BYTES } from '../../../shared/video-upload'
import { badRequest, forbidden, notFound, ServiceError, unauthorized } from '../errors'
import { frameFile, posterUrl, readStored, versionStamp, writePoster } from './storage'

/** Decompression-bomb guard, as for profile pictures: a 5MB file may claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])
/** 1080p-sized 16:9 thumbnails are recommended (SPEC §5); nothing larger is kept. */
const MAX_WIDTH = 1920
const MAX_HEIGHT = 1080

/**
 * Checks that the bytes decode as a raster image (not by name or declared type) and re-encodes
 * them as a JPEG no larger than 1920×1080: orientation applied, metadata and anything appended gone.
 */
export async function processThumbnail(input: Uint8Array): Promise<Buffer> {
  if (input.byteLength > THUMBNAIL_MAX_BYTES) throw new ServiceError(THUMBNAIL_TOO_LARGE_DESCRIPTION, 413)
  if (input.byteLength === 0) throw badRequest(INVALID_FILE_TYPE)
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const
  try {
    const meta = await sharp(input, options).metadata()
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error('not a raster image')
    return await sharp(input, options)
      .rotate()
      .resize(MAX_WIDTH, MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 84, mozjpeg: true })
      .toBuffer()
  } catch {
    throw badRequest(INVALID_FILE_TYPE)
  }
}

/**
 * Replaces an uploaded video's thumbnail with an image (checked and re-encoded like the upload's) or
 * one of the stills its transcode saved (`frame`, from 1). The poster keeps its file; its URL gets a
 * new version, since public images are cached for a month. Returns the new thumbnail URL.
 */
export async function replaceThumbnail(
  payload: Payload,
  { user, videoId, image, frame }: { user: Pick<User, 'isAdmin' | 'id'> | null; videoId: string; image?: Uint8Array | null; frame?: number | null },
): Promise<string> {
  if (!user) throw unauthorized()
  if (!userIsAdmin(user)) throw forbidden('Only admins can change thumbnails.')
  // overrideAccess: the caller is checked to be an admin above.
  const { docs } = await payload.find({ collection: 'videos', where: { videoId: { equals: videoId } }, limit: 1, depth: 0, joins: false, overrideAccess: true })
  const video = docs[0]
  if (!video || video.source !== 'manual') throw notFound('No uploaded video with this id.')
  let bytes: Uint8Array
  if (image) bytes = await processThumbnail(image)
  else if (frame) {
    const saved = await readStored(frameFile(videoId, frame)).catch(() => null)
    if (!saved) throw notFound('That frame is not saved yet: wait for the transcode to finish.')
    bytes = await processThumbnail(saved)
  } else throw badRequest('Choose an image or one of the saved frames.')
  await writePoster(videoId, bytes)
  const thumbnailUrl = posterUrl(videoId, versionStamp())
  // overrideAccess: as above.
  await payload.update({ collection: 'videos', id: video.id, data: { thumbnailUrl }, depth: 0, overrideAccess: true })
  payload.logger.info({ event: 'video_thumbnail_replaced', videoId, from: image ? 'image' : `frame ${frame}`, userId: user.id }, 'thumbnail replaced')
  return thumbnailUrl
}

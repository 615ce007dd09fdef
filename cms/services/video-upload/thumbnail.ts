import sharp from 'sharp'

import { INVALID_FILE_TYPE, THUMBNAIL_TOO_LARGE_DESCRIPTION } from '../../../shared/messages'
import { THUMBNAIL_MAX_BYTES } from '../../../shared/video-upload'
import { badRequest, ServiceError } from '../errors'

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

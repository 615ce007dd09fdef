import sharp, { type Metadata } from 'sharp'

import { THUMBNAIL_MAX_BYTES } from '../../../shared/constants'
import { PICTURE_NOT_IMAGE, PICTURE_TOO_LARGE, PICTURE_TOO_MANY_PIXELS } from '../../../shared/member-messages'
import { badRequest, ServiceError } from '../errors'

/** Same cap as thumbnails (SPEC §9: 5MB). */
export const PROFILE_PICTURE_MAX_BYTES = THUMBNAIL_MAX_BYTES
export const PROFILE_PICTURE_SIZE = 512
/** Decompression-bomb guard: a 5MB file may still claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000

/** Raster formats sharp decodes that people upload as photos. SVG is refused (it is a document). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

export type ProcessedImage = { data: Buffer; mimeType: 'image/webp'; width: number; height: number }

/**
 * Checks that the bytes are an image by decoding them (not by file name or declared type),
 * then re-encodes a 512×512 centre crop as WebP: EXIF orientation applied, metadata (GPS,
 * camera, comments) dropped, anything appended to the file gone.
 */
export async function processProfilePicture(input: Uint8Array): Promise<ProcessedImage> {
  if (input.byteLength === 0) throw badRequest(PICTURE_NOT_IMAGE)
  if (input.byteLength > PROFILE_PICTURE_MAX_BYTES) throw new ServiceError(PICTURE_TOO_LARGE, 413)
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const
  let meta: Metadata
  try {
    meta = await sharp(input, options).metadata()
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(PICTURE_TOO_MANY_PIXELS)
    throw badRequest(PICTURE_NOT_IMAGE)
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw badRequest(PICTURE_NOT_IMAGE)
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw badRequest(PICTURE_TOO_MANY_PIXELS)
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    return { data, mimeType: 'image/webp', width: info.width, height: info.height }
  } catch {
    throw badRequest(PICTURE_NOT_IMAGE)
  }
}

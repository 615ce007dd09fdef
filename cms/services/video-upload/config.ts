import { VIDEO_MAX_BYTES } from '../../../shared/video-upload'

/**
 * The video size cap: SPEC §9's 500MB. VIDEO_UPLOAD_MAX_BYTES may only lower it (the integration
 * suite does, to test the refusal quickly); a larger value is ignored.
 */
export function videoUploadMaxBytes(env: Record<string, string | undefined> = process.env): number {
  const lowered = Number(env.VIDEO_UPLOAD_MAX_BYTES)
  return Number.isFinite(lowered) && lowered > 0 ? Math.min(Math.floor(lowered), VIDEO_MAX_BYTES) : VIDEO_MAX_BYTES
}

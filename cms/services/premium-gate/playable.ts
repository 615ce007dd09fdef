// Whether a video is on the site yet: the other half of "who may open it" (HOUSE rule 13). An upload
// is public only once it plays: while it waits for or goes through its transcode, or after the
// transcode failed, only admins see it (with its state). Every door reads videos through the
// Videos read rule (`onSiteOrAdmin`, cms/access), which applies this one filter: lists, the home
// page, /vlog, the video page (404), the JSON API, feeds, sitemap and /cms/api.
import type { Where } from 'payload'

import type { TranscodeStatus } from '../../../shared/video-upload'

export type PlayableItem = { source?: string | null; transcodeStatus?: TranscodeStatus | null }

/**
 * YouTube videos play on YouTube. An upload plays once its transcode is `ready`; one without a
 * transcode state at all predates transcoding (its original is the player's file) and plays.
 */
export const isPlayable = (video: PlayableItem): boolean => video.source !== 'manual' || !video.transcodeStatus || video.transcodeStatus === 'ready'

/** isPlayable as a row filter, for every read made for someone who is not an admin. */
export const playableVideosWhere: Where = {
  or: [{ source: { not_equals: 'manual' } }, { transcodeStatus: { exists: false } }, { transcodeStatus: { equals: 'ready' } }],
}

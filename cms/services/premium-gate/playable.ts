// Whether a video is on the site yet, and where: the other half of "who may open it" (HOUSE rule 13).
// Three questions, one place:
// - playable: an upload plays only once transcoded; while it waits, transcodes or after it failed
//   only admins see it (with its state).
// - viewable (by its link): playable, not private, and its publish date reached. A read that names
//   one video by its link (the video page, /api/videos/{videoId}, its comments, views, bookmarks)
//   says so with `context: VIDEO_BY_LINK`; the Videos read rule (`onSiteOrAdmin`, cms/access) then
//   applies this filter to everyone but admins. /media applies isViewable itself.
// - listed: viewable and public. Every other read by someone who is not an admin gets it from the
//   read rule (/cms/api and GraphQL lists, a find by row id: an unlisted video is never enumerable),
//   and every list applies it to admins too: the home page, /vlog, Up Next and auto-play,
//   Recommended Videos, feeds and the sitemap, For You (its catalogue).
//   Unlisted videos play by their link only; a scheduled one is listed from its publish date, in
//   its place by that date, never ahead of it.
import type { Where } from 'payload'

import type { TranscodeStatus } from '../../../shared/video-upload'
import type { VideoVisibility } from '../../../shared/video-visibility'

export type PlayableItem = { source?: string | null; transcodeStatus?: TranscodeStatus | null }
export type VisibleItem = PlayableItem & { visibility?: VideoVisibility | null; publishedAt?: string | Date | null }

/**
 * YouTube videos play on YouTube. An upload plays once its transcode is `ready`; one without a
 * transcode state at all predates transcoding (its original is the player's file) and plays.
 */
export const isPlayable = (video: PlayableItem): boolean => video.source !== 'manual' || !video.transcodeStatus || video.transcodeStatus === 'ready'

/** isPlayable as a row filter. */
export const playableVideosWhere: Where = {
  or: [{ source: { not_equals: 'manual' } }, { transcodeStatus: { exists: false } }, { transcodeStatus: { equals: 'ready' } }],
}

const time = (value: string | Date | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null
  const t = new Date(value).getTime()
  return Number.isNaN(t) ? null : t
}

/** Its publish date has come (an unreadable or missing one never comes). */
export const isPublishedBy = (video: Pick<VisibleItem, 'publishedAt'>, now: Date = new Date()): boolean => {
  const at = time(video.publishedAt)
  return at !== null && at <= now.getTime()
}

/** Whether someone other than an admin may open `video` by its link at `now` (the premium gate decides the rest). */
export const isViewable = (video: VisibleItem, now: Date = new Date()): boolean =>
  isPlayable(video) && (video.visibility === 'public' || video.visibility === 'unlisted') && isPublishedBy(video, now)

/** Whether `video` is in lists, feeds, the sitemap and recommendations at `now` (for everyone, admins too). */
export const isListed = (video: VisibleItem, now: Date = new Date()): boolean => isViewable(video, now) && video.visibility === 'public'

/** Local API `context` of a read that names one video by its link (videoId): the read rule lets unlisted videos through. */
export const VIDEO_BY_LINK = { videoByLink: true } as const

/** Whether a request's context is such a read. */
export const isReadByLink = (context: Record<string, unknown> | undefined): boolean => context?.videoByLink === true

/** isViewable as a row filter: the Videos read rule, for a read by link, for everyone but admins. */
export const viewableVideosWhere = (now: Date = new Date()): Where => ({
  and: [playableVideosWhere, { visibility: { in: ['public', 'unlisted'] } }, { publishedAt: { less_than_equal: now.toISOString() } }],
})

/** isListed as a row filter: every list, feed and sitemap. */
export const listedVideosWhere = (now: Date = new Date()): Where => ({
  and: [playableVideosWhere, { visibility: { equals: 'public' } }, { publishedAt: { less_than_equal: now.toISOString() } }],
})

/** The same listed rule for raw SQL over `videos` (the recommendations catalogue), aliased as `alias`. */
export const listedVideosSql = (alias: string) =>
  `${alias}.visibility = 'public' and ${alias}.published_at <= now() and (${alias}.source <> 'manual' or ${alias}.transcode_status is null or ${alias}.transcode_status = 'ready')`

import type { Payload } from 'payload'

import { VIDEO_PAGE } from '../../../shared/constants'
import type { LockReason, VideoDetail, VideoSeo, VideoSummary } from '../../../shared/types/content'
import type { TranscodeStatus } from '../../../shared/video-upload'
import type { Video } from '../../payload-types'
import { notFound } from '../errors'
import { canOpen, isPlayable, isPublishedBy, lockReason, VIDEO_BY_LINK, type GateItem } from '../premium-gate'
import { cachedGated } from '../premium-gate/cache'
import { nextPlayableVideo, recommendedVideos, type Viewer } from './list'
import { toVideoDetail, toVideoSeo } from './mappers'

export const VIDEO_NOT_FOUND = 'Video not found.'

/** Whether `user` may play `video` now: the premium gate's rule (premium, uncut and early-access videos are locked to others). */
export const canPlayVideo = (video: GateItem, user: Viewer, now: Date = new Date()) => canOpen(user, video, now)

/**
 * The video document as `user` may read it (field access strips a locked videoUrl), or null.
 * Cached per audience (cms/services/cache), until the next early-access opening: the document is
 * frozen, read it only.
 */
export async function findVideoDoc(payload: Payload, { user, videoId }: { user?: Viewer; videoId: string }): Promise<Video | null> {
  return cachedGated(payload, user, ['videos:doc', videoId], () => readVideoDoc(payload, user, videoId))
}

async function readVideoDoc(payload: Payload, user: Viewer, videoId: string): Promise<Video | null> {
  const { docs } = await payload.find({
    collection: 'videos',
    where: { videoId: { equals: videoId } },
    limit: 1,
    pagination: false,
    depth: 0,
    joins: false,
    // Named by its link: an unlisted video opens (a private or scheduled one does not).
    context: VIDEO_BY_LINK,
    user,
    overrideAccess: false,
  })
  return docs[0] ?? null
}

async function commentCount(payload: Payload, user: Viewer, videoDocId: number) {
  const { totalDocs } = await payload.count({ collection: 'comments', where: { video: { equals: videoDocId } }, user, overrideAccess: false })
  return totalDocs
}

async function detailOf(payload: Payload, user: Viewer, doc: Video, now: Date): Promise<VideoDetail> {
  return toVideoDetail(doc, { commentCount: await commentCount(payload, user, doc.id), locked: lockReason(user, doc, now) })
}

/** GET /api/videos/{videoId}: 404 when there is no such video. */
export async function getVideo(payload: Payload, { user, videoId }: { user?: Viewer; videoId: string }): Promise<VideoDetail> {
  const detail = await cachedGated(payload, user, ['videos:detail', videoId], async () => {
    const doc = await findVideoDoc(payload, { user, videoId })
    return doc ? detailOf(payload, user, doc, new Date()) : null
  })
  if (!detail) throw notFound(VIDEO_NOT_FOUND)
  return detail
}

/** GET /api/videos/{videoId}/seo: the search fields (public for every video). */
export async function getVideoSeo(payload: Payload, { user, videoId }: { user?: Viewer; videoId: string }): Promise<VideoSeo> {
  const doc = await findVideoDoc(payload, { user, videoId })
  if (!doc) throw notFound(VIDEO_NOT_FOUND)
  return toVideoSeo(doc)
}

export type VideoPageData = {
  video: VideoDetail
  seo: VideoSeo
  /** False when the gate keeps the caller out (premium, uncut or early access): show the lock, never the player. */
  canPlay: boolean
  /** Why it is locked for this caller (which lock to show), null when they can play it. */
  locked: LockReason | null
  /**
   * The Up Next card and auto-play's target, one choice: the next video in the list this caller
   * can play (locked ones are skipped, so the card never offers what auto-play would pass over).
   */
  upNext: VideoSummary | null
  /**
   * VIDEO_PAGE.recommended videos most like this one (sharing its tags, the recommender's order),
   * topped up with the newest others; never this video, nor Up Next (it is shown above them).
   */
  recommended: VideoSummary[]
  /** An upload's adaptive stream (HLS master playlist) once transcoded, for a caller who can play it; else null (the player uses videoUrl). */
  streamUrl: string | null
  /**
   * An upload that does not play yet (waiting, transcoding, or failed, with the reason): on the
   * site for nobody, so only an admin ever gets here; the page says where it stands. Null once it plays.
   */
  offSite: { status: TranscodeStatus; reason: string | null } | null
  /**
   * Why a video is in no list, for the page's note and its noindex: unlisted (reached by its link),
   * private, or scheduled (its publish date ahead; those two reached by admins only). Null when listed.
   */
  notListed: { reason: 'unlisted' | 'private' | 'scheduled'; publishedAt: string } | null
}

/**
 * Everything /video/{videoId} shows, from one read of the video; null when it does not exist.
 * Cached per audience: `canPlay` and the video's file depend on it.
 */
export async function getVideoPageData(payload: Payload, { user, videoId }: { user?: Viewer; videoId: string }): Promise<VideoPageData | null> {
  return cachedGated(payload, user, ['videos:page', videoId], () => readVideoPageData(payload, user, videoId))
}

async function readVideoPageData(payload: Payload, user: Viewer, videoId: string): Promise<VideoPageData | null> {
  const now = new Date()
  const doc = await findVideoDoc(payload, { user, videoId })
  if (!doc) return null
  const [video, upNext, recommended] = await Promise.all([
    detailOf(payload, user, doc, now),
    nextPlayableVideo(payload, { user, current: doc, now }),
    // One more than shown, so the list still has VIDEO_PAGE.recommended once Up Next (shown above it) is left out.
    recommendedVideos(payload, { user, video: doc, limit: VIDEO_PAGE.recommended + 1 }),
  ])
  const streamUrl = video.locked === null && doc.source === 'manual' && doc.transcodeStatus === 'ready' ? (doc.hlsUrl ?? null) : null
  const others = recommended.filter((v) => v.videoId !== upNext?.videoId).slice(0, VIDEO_PAGE.recommended)
  const offSite = isPlayable(doc) ? null : { status: doc.transcodeStatus ?? 'queued', reason: doc.transcodeStatus === 'failed' ? (doc.transcodeError ?? null) : null }
  const reason: NonNullable<VideoPageData['notListed']>['reason'] | null = doc.visibility === 'private' ? 'private' : !isPublishedBy(doc, now) ? 'scheduled' : doc.visibility === 'unlisted' ? 'unlisted' : null
  const notListed = reason ? { reason, publishedAt: doc.publishedAt } : null
  return { video, seo: toVideoSeo(doc), canPlay: video.locked === null, locked: video.locked, upNext, recommended: others, streamUrl, offSite, notListed }
}

import type { Payload } from 'payload'

import type { VideoDetail, VideoSeo, VideoSummary } from '../../../shared/types/content'
import { userIsPremium } from '../../access/roles'
import type { Video } from '../../payload-types'
import { cachedFor } from '../cache'
import { notFound } from '../errors'
import { nextVideo, recommendedVideos, type Viewer } from './list'
import { toVideoDetail, toVideoSeo } from './mappers'

export const VIDEO_NOT_FOUND = 'Video not found.'

/** A premium video plays for premium members and admins only; free videos for everyone. */
export const canPlayVideo = (video: { isPremium?: boolean | null }, user: Viewer) => !video.isPremium || userIsPremium(user)

/**
 * The video document as `user` may read it (field access strips a locked videoUrl), or null.
 * Cached per audience (cms/services/cache): the document is frozen, read it only.
 */
export async function findVideoDoc(payload: Payload, { user, videoId }: { user?: Viewer; videoId: string }): Promise<Video | null> {
  return cachedFor(user, ['videos:doc', videoId], () => readVideoDoc(payload, user, videoId))
}

async function readVideoDoc(payload: Payload, user: Viewer, videoId: string): Promise<Video | null> {
  const { docs } = await payload.find({
    collection: 'videos',
    where: { videoId: { equals: videoId } },
    limit: 1,
    pagination: false,
    depth: 0,
    joins: false,
    user,
    overrideAccess: false,
  })
  return docs[0] ?? null
}

async function commentCount(payload: Payload, user: Viewer, videoDocId: number) {
  const { totalDocs } = await payload.count({ collection: 'comments', where: { video: { equals: videoDocId } }, user, overrideAccess: false })
  return totalDocs
}

async function detailOf(payload: Payload, user: Viewer, doc: Video): Promise<VideoDetail> {
  return toVideoDetail(doc, { commentCount: await commentCount(payload, user, doc.id), canPlay: canPlayVideo(doc, user) })
}

/** GET /api/videos/{videoId}: 404 when there is no such video. */
export async function getVideo(payload: Payload, { user, videoId }: { user?: Viewer; videoId: string }): Promise<VideoDetail> {
  const detail = await cachedFor(user, ['videos:detail', videoId], async () => {
    const doc = await findVideoDoc(payload, { user, videoId })
    return doc ? detailOf(payload, user, doc) : null
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
  /** False for a premium video and a caller without premium: show the lock, never the player. */
  canPlay: boolean
  upNext: VideoSummary | null
  recommended: VideoSummary[]
}

/**
 * Everything /video/{videoId} shows, from one read of the video; null when it does not exist.
 * Cached per audience: `canPlay` and the video's file depend on it.
 */
export async function getVideoPageData(payload: Payload, { user, videoId }: { user?: Viewer; videoId: string }): Promise<VideoPageData | null> {
  return cachedFor(user, ['videos:page', videoId], () => readVideoPageData(payload, user, videoId))
}

async function readVideoPageData(payload: Payload, user: Viewer, videoId: string): Promise<VideoPageData | null> {
  const doc = await findVideoDoc(payload, { user, videoId })
  if (!doc) return null
  const [video, upNext, recommended] = await Promise.all([
    detailOf(payload, user, doc),
    nextVideo(payload, { user, current: doc }),
    recommendedVideos(payload, { user, excludeVideoId: doc.videoId }),
  ])
  return { video, seo: toVideoSeo(doc), canPlay: canPlayVideo(doc, user), upNext, recommended }
}

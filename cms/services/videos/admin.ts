// /admin's video list (GET and PATCH /api/admin/videos…): every video, whatever its visibility,
// publish date or transcode state, with what the creator changes there (visibility, publish date).
import type { Payload } from 'payload'

import type { AdminVideoPage, AdminVideoRow, AdminVideoStatus, AdminVideoUpdate, VideoVisibility } from '../../../shared/video-visibility'
import type { Video } from '../../payload-types'
import { notFound } from '../errors'
import { assertAdmin, asCaller, type Caller } from '../posts/admin-only'
import { isPublishedBy } from '../premium-gate'
import { VIDEO_NOT_FOUND } from './get'

/** Rows per page of /admin's video list. */
export const ADMIN_VIDEOS_PER_PAGE = 20

const ADMIN_SELECT = {
  videoId: true, title: true, source: true, transcodeStatus: true, visibility: true, publishedAt: true,
  thumbnailUrl: true, videoUrl: true, hlsUrl: true, duration: true,
} as const

type AdminDoc = Pick<Video, 'id' | 'videoId' | 'title' | 'source' | 'transcodeStatus' | 'visibility' | 'publishedAt' | 'thumbnailUrl' | 'videoUrl' | 'hlsUrl' | 'duration'>

/** YouTube videos are ready; an upload is processing until its transcode is `ready` (or it predates transcoding), or failed. */
export function adminVideoStatus(doc: Pick<Video, 'source' | 'transcodeStatus'>): AdminVideoStatus {
  if (doc.source !== 'manual' || !doc.transcodeStatus || doc.transcodeStatus === 'ready') return 'ready'
  return doc.transcodeStatus === 'failed' ? 'failed' : 'processing'
}

export function toAdminVideoRow(doc: AdminDoc, now: Date = new Date()): AdminVideoRow {
  const status = adminVideoStatus(doc)
  const upload = doc.source === 'manual'
  return {
    id: doc.id,
    videoId: doc.videoId,
    title: doc.title,
    source: doc.source,
    status,
    visibility: (doc.visibility ?? 'public') as VideoVisibility,
    publishedAt: doc.publishedAt,
    scheduled: !isPublishedBy(doc, now),
    thumbnailUrl: doc.thumbnailUrl ?? null,
    streamUrl: upload && status === 'ready' && doc.transcodeStatus === 'ready' ? (doc.hlsUrl ?? null) : null,
    videoUrl: upload && status === 'ready' ? (doc.videoUrl ?? null) : null,
    duration: doc.duration ?? null,
  }
}

/** GET /api/admin/videos?page=: every video (admins only), the most recently added first (a new upload or import is at the top). */
export async function listAdminVideos(payload: Payload, { user, page = 1 }: { user: Caller; page?: number }): Promise<AdminVideoPage> {
  assertAdmin(user)
  const result = await payload.find({
    collection: 'videos',
    sort: ['-createdAt', '-id'],
    page,
    limit: ADMIN_VIDEOS_PER_PAGE,
    depth: 0,
    joins: false,
    select: ADMIN_SELECT,
    ...asCaller(user),
  })
  const now = new Date()
  return { videos: (result.docs as AdminDoc[]).map((doc) => toAdminVideoRow(doc, now)), page: result.page ?? page, totalPages: result.totalPages, totalDocs: result.totalDocs }
}

/** PATCH /api/admin/videos/{videoId}: its visibility and/or publish date (admins only); 404 when there is no such video. */
export async function updateAdminVideo(payload: Payload, { user, videoId, data }: { user: Caller; videoId: string; data: AdminVideoUpdate }): Promise<AdminVideoRow> {
  assertAdmin(user)
  const { docs } = await payload.find({ collection: 'videos', where: { videoId: { equals: videoId } }, limit: 1, pagination: false, depth: 0, joins: false, select: { videoId: true }, ...asCaller(user) })
  const found = docs[0]
  if (!found) throw notFound(VIDEO_NOT_FOUND)
  const changes: Partial<Video> = {}
  if (data.visibility !== undefined) changes.visibility = data.visibility
  if (data.publishedAt !== undefined) changes.publishedAt = new Date(data.publishedAt).toISOString()
  const doc = await payload.update({ collection: 'videos', id: found.id, data: changes, depth: 0, select: ADMIN_SELECT, ...asCaller(user) })
  return toAdminVideoRow(doc as AdminDoc)
}

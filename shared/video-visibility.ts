// Who a video is for (the creator's choice in /cms and /admin): everyone, those with its link, or
// admins only. A publish date ahead of now schedules it on top of that (cms/services/premium-gate/playable.ts).
import { z } from './zod'

export const VIDEO_VISIBILITIES = ['public', 'unlisted', 'private'] as const
export type VideoVisibility = (typeof VIDEO_VISIBILITIES)[number]

export const VIDEO_VISIBILITY_LABELS: Record<VideoVisibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted — anyone with the link',
  private: 'Private — admins only',
}

/** PATCH /api/admin/videos/{videoId}: what /admin's video list changes. */
export const adminVideoUpdateSchema = z
  .object({
    visibility: z.enum(VIDEO_VISIBILITIES, { error: 'Choose Public, Unlisted or Private.' }).optional(),
    publishedAt: z.iso.datetime({ offset: true, message: 'Enter a valid publish date.' }).optional(),
  })
  .strict()
  .refine((body) => body.visibility !== undefined || body.publishedAt !== undefined, { message: 'Nothing to change.' })
export type AdminVideoUpdate = z.infer<typeof adminVideoUpdateSchema>

/** Where a video stands, as /admin's video list shows it. */
export type AdminVideoStatus = 'processing' | 'ready' | 'failed'
export const ADMIN_VIDEO_STATUS_LABELS: Record<AdminVideoStatus, string> = { processing: 'Processing', ready: 'Ready', failed: 'Failed' }

/** GET /api/admin/videos: one row. */
export type AdminVideoRow = {
  id: number
  videoId: string
  title: string
  source: 'youtube' | 'manual'
  status: AdminVideoStatus
  visibility: VideoVisibility
  publishedAt: string
  /** Publish date still ahead: listed from then on. */
  scheduled: boolean
  thumbnailUrl: string | null
  /** What the preview plays: the HLS master or the file of an upload; null for YouTube (its embed) or one not ready. */
  streamUrl: string | null
  videoUrl: string | null
  duration: string | null
}

export type AdminVideoPage = { videos: AdminVideoRow[]; page: number; totalPages: number; totalDocs: number }

/** The video page's note when a video is not listed (only those with its link, or admins, get there). */
export const NOT_LISTED_NOTES = {
  unlisted: 'Unlisted: anyone with the link can watch it; it is in no list, feed or recommendation.',
  private: 'Private: only admins see this video; everyone else gets Video not found.',
  scheduled: (when: string) => `Scheduled: published on ${when}. Until then only admins see it; everyone else gets Video not found.`,
} as const

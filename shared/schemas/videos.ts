// Video API inputs (SPEC §7): GET /api/videos?page=&limit=, the {videoId} path part, track-views.
import { z } from '../zod'

import { PAGE_SIZES } from '../constants'
import { pageQuerySchema } from './pagination'

/** page ≥ 1 and limit 1..100 (default 24), clamped rather than refused. */
export const videoListQuerySchema = pageQuerySchema({ defaultLimit: PAGE_SIZES.videos })

/** A YouTube id or a 'manual_…' id: letters, digits, '_' and '-', at most 64 characters. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export const VIDEO_ID_INVALID = 'videoId must be a video id'

export const videoIdSchema = z.string({ error: VIDEO_ID_INVALID }).trim().regex(VIDEO_ID_PATTERN, VIDEO_ID_INVALID)

export const isVideoId = (value: unknown): value is string => typeof value === 'string' && VIDEO_ID_PATTERN.test(value)

/** POST /api/videos/track-views */
export const trackViewSchema = z.object({ videoId: videoIdSchema })
export type TrackViewInput = z.infer<typeof trackViewSchema>

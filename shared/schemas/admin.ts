// Admin panel inputs: YouTube import, video upload, live streams, badges (SPEC §2, §5, §7).
import { z } from '../zod'
import {
  BADGE_CODES,
  LIVE_STREAM_STATUSES,
  MANUAL_VIDEO_ID_PREFIX,
  STREAM_DEFAULTS,
  STREAM_FRAME_RATES,
  STREAM_PLATFORMS,
  STREAM_RESOLUTIONS,
  SUPPORTED_VIDEO_FORMATS,
  THUMBNAIL_MAX_BYTES,
  VIDEO_MAX_BYTES,
} from '../constants'
import { parseDurationInput, toIsoDuration } from '../format'
import {
  CHANNEL_HANDLE_REQUIRED,
  DURATION_INVALID,
  FILE_TOO_LARGE,
  IMAGE_TOO_LARGE,
  INVALID_FILE_TYPE,
  PUBLISHED_DATE_REQUIRED,
  STREAM_TITLE_REQUIRED,
  THUMBNAIL_FILE_TYPE_DESCRIPTION,
  THUMBNAIL_TOO_LARGE_DESCRIPTION,
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
  VIDEO_FILE_TOO_LARGE_DESCRIPTION,
  VIDEO_FILE_TYPE_DESCRIPTION,
} from '../messages'
import { booleanish, optionalDateTimeField, optionalText, optionalUrlOrPathField, requiredDateTimeField } from './fields'

/** POST /api/youtube/import */
export const channelImportSchema = z.object({
  channelHandle: z
    .string({ error: CHANNEL_HANDLE_REQUIRED })
    .trim()
    .min(1, { error: CHANNEL_HANDLE_REQUIRED, abort: true })
    .max(100),
})

// ── Video upload: POST /api/videos/upload (multipart) ──────────────────────────

/** A toast-ready problem with a chosen file, or null when the file is fine. */
export type FileProblem = { title: string; description: string }
type FileLike = { type: string; size: number; name?: string }

const VIDEO_EXTENSIONS = SUPPORTED_VIDEO_FORMATS.map((f) => f.toLowerCase())

function extensionOf(name: string | undefined): string {
  const m = /\.([^./\\]+)$/.exec(name ?? '')
  return m?.[1]?.toLowerCase() ?? ''
}

/** Browsers leave `type` empty for some containers (FLV, WMV); the extension decides then. */
export function checkVideoFile(file: FileLike): FileProblem | null {
  const isVideo = file.type.startsWith('video/') || (!file.type && VIDEO_EXTENSIONS.includes(extensionOf(file.name)))
  if (!isVideo) return { title: INVALID_FILE_TYPE, description: VIDEO_FILE_TYPE_DESCRIPTION }
  if (file.size > VIDEO_MAX_BYTES) return { title: FILE_TOO_LARGE, description: VIDEO_FILE_TOO_LARGE_DESCRIPTION }
  return null
}

export function checkThumbnailFile(file: FileLike): FileProblem | null {
  if (!file.type.startsWith('image/')) return { title: INVALID_FILE_TYPE, description: THUMBNAIL_FILE_TYPE_DESCRIPTION }
  if (file.size > THUMBNAIL_MAX_BYTES) return { title: IMAGE_TOO_LARGE, description: THUMBNAIL_TOO_LARGE_DESCRIPTION }
  return null
}

/** The default title of an upload: the file name without its extension. */
export function titleFromFileName(name: string): string {
  return name.replace(/\.[^./\\]+$/, '').trim()
}

/** 'manual_' + 16 random hex chars. Uses getRandomValues (available outside secure contexts too). */
export function makeManualVideoId(): string {
  const bytes = new Uint8Array(8)
  globalThis.crypto.getRandomValues(bytes)
  return MANUAL_VIDEO_ID_PREFIX + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The text fields of the upload form; `duration` accepts '4:13', '253' or 'PT4M13S' and comes out ISO. */
export const videoUploadFieldsSchema = z.object({
  title: z.string({ error: TITLE_REQUIRED }).trim().min(1, { error: TITLE_REQUIRED, abort: true }).max(200, { error: TITLE_TOO_LONG }),
  description: optionalText(10_000),
  duration: z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return undefined
      const seconds = parseDurationInput(v)
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: DURATION_INVALID })
        return z.NEVER
      }
      return toIsoDuration(seconds)
    }),
  isUncut: booleanish.default(false),
  isPremium: booleanish.default(false),
  publishedAt: requiredDateTimeField(PUBLISHED_DATE_REQUIRED),
  videoId: z
    .string()
    .regex(new RegExp(`^${MANUAL_VIDEO_ID_PREFIX}[A-Za-z0-9_-]{1,64}$`))
    .optional(),
})

export type VideoUploadFieldsInput = z.input<typeof videoUploadFieldsSchema>
export type VideoUploadFields = z.output<typeof videoUploadFieldsSchema>

// ── Live streams: /api/admin/live-streams ──────────────────────────────────────

const RESOLUTION_VALUES = STREAM_RESOLUTIONS.map((r) => r.value) as [string, ...string[]]

export const obsSettingsSchema = z.object({
  resolution: z.enum(RESOLUTION_VALUES).default(STREAM_DEFAULTS.resolution),
  bitrate: z.number().int().min(100).max(50_000).default(STREAM_DEFAULTS.bitrateKbps),
  frameRate: z
    .union(STREAM_FRAME_RATES.map((r) => z.literal(r)) as [z.ZodLiteral<60>, z.ZodLiteral<30>, z.ZodLiteral<24>])
    .default(STREAM_DEFAULTS.frameRate),
  encoder: z.string().trim().min(1).max(50).default(STREAM_DEFAULTS.encoder),
})

export const liveStreamCreateSchema = z.object({
  title: z
    .string({ error: STREAM_TITLE_REQUIRED })
    .trim()
    .min(1, { error: STREAM_TITLE_REQUIRED, abort: true })
    .max(200, { error: TITLE_TOO_LONG }),
  description: optionalText(5000),
  scheduledStart: optionalDateTimeField,
  streamUrl: optionalUrlOrPathField(),
  thumbnailUrl: optionalUrlOrPathField(),
  isPremiumOnly: z.boolean().default(STREAM_DEFAULTS.isPremiumOnly),
  platform: z.enum(STREAM_PLATFORMS).default(STREAM_DEFAULTS.platform),
  obsSettings: obsSettingsSchema.optional(),
})

/** PATCH /api/admin/live-streams/{id}: Go Live / End Stream. */
export const liveStreamStatusSchema = z.object({
  status: z.enum(LIVE_STREAM_STATUSES),
})

export type LiveStreamCreateInput = z.input<typeof liveStreamCreateSchema>
export type LiveStreamCreateData = z.output<typeof liveStreamCreateSchema>

// ── Badges and moderators ──────────────────────────────────────────────────────

/** POST /api/admin/users/{id}/badges and the {badge} route param of DELETE. */
export const badgeSchema = z.object({ badge: z.enum(BADGE_CODES) })

/** PATCH /api/admin/users/{id}/moderator */
export const moderatorSchema = z.object({ isModerator: z.boolean() })

// Video upload (SPEC §2 Admin, §5 Video upload, §7 POST /api/videos/upload, §9 limits): the form's
// fields as one zod schema for the panel and the server, the container check from a file's first
// bytes, and the transcode states the panel shows.
import { MANUAL_VIDEO_ID_PREFIX, THUMBNAIL_MAX_BYTES, VIDEO_MAX_BYTES } from './constants'
import { parseDurationInput, toIsoDuration } from './format'
import { PUBLISHED_DATE_REQUIRED, TITLE_REQUIRED } from './messages'
import { z } from './zod'

export { THUMBNAIL_MAX_BYTES, VIDEO_MAX_BYTES }

/** The containers SPEC §5 names; each is recognised by its magic number, never by its name. */
export type VideoContainer = 'mp4' | 'mov' | 'avi' | 'wmv' | 'flv'

/** How many leading bytes `detectVideoContainer` needs. */
export const CONTAINER_SNIFF_BYTES = 16

/** The extension an original of each container is stored under. */
export const CONTAINER_EXTENSIONS: Record<VideoContainer, string> = { mp4: 'mp4', mov: 'mov', avi: 'avi', wmv: 'wmv', flv: 'flv' }

const ascii = (bytes: Uint8Array, start: number, text: string) => [...text].every((c, i) => bytes[start + i] === c.charCodeAt(0))

/** ASF (WMV) header object GUID 75B22630-668E-11CF-A6D9-00AA0062CE6C, as stored. */
const ASF_GUID = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c]
/** QuickTime files without an ftyp box start straight with one of these atoms. */
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']

/**
 * The container of a video file from its first bytes (ISO BMFF `ftyp`, QuickTime atoms, RIFF AVI,
 * ASF, FLV), or null when they are none of SPEC §5's formats.
 */
export function detectVideoContainer(bytes: Uint8Array): VideoContainer | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 'ftyp')) return ascii(bytes, 8, 'qt  ') ? 'mov' : 'mp4'
  if (bytes.length >= 12 && ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'AVI ')) return 'avi'
  if (bytes.length >= 16 && ASF_GUID.every((b, i) => bytes[i] === b)) return 'wmv'
  if (bytes.length >= 4 && ascii(bytes, 0, 'FLV') && bytes[3] === 0x01) return 'flv'
  if (bytes.length >= 8 && QUICKTIME_ATOMS.some((atom) => ascii(bytes, 4, atom))) return 'mov'
  return null
}

/** A new `manual_…` id (SPEC §7): the prefix and 10 random lowercase letters and digits. */
export function newManualVideoId(random: () => number = Math.random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  let id = ''
  for (let i = 0; i < 10; i++) id += alphabet[Math.floor(random() * alphabet.length)]
  return `${MANUAL_VIDEO_ID_PREFIX}${id}`
}

export const MANUAL_VIDEO_ID_PATTERN = /^manual_[a-z0-9_-]{1,57}$/

/** The title defaults from the file name without its extension (SPEC §5). */
export const titleFromFileName = (name: string): string => name.replace(/\.[^./\\]+$/, '')

/** Multipart fields arrive as text: 'true'/'on'/'1' tick a checkbox. */
const checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1')

/**
 * The upload form's fields (not the files). duration: optional, what the admin typed ('4:13',
 * '253', 'PT4M13S'), stored as ISO 8601; the transcode replaces it with the file's real one.
 */
export const videoUploadFieldsSchema = z.object({
  title: z.string({ error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(200),
  description: z.string().max(5000).optional().default(''),
  duration: z
    .string()
    .trim()
    .max(32)
    .optional()
    .default('')
    .refine((value) => value === '' || parseDurationInput(value) !== null, 'Duration must look like 4:13 or 253 (seconds)')
    .transform((value) => (value === '' ? null : toIsoDuration(parseDurationInput(value) ?? 0))),
  isUncut: checkbox,
  isPremium: checkbox,
  publishedAt: z
    .string({ error: PUBLISHED_DATE_REQUIRED })
    .trim()
    .refine((value) => value !== '' && !Number.isNaN(new Date(value).getTime()), PUBLISHED_DATE_REQUIRED)
    .transform((value) => new Date(value).toISOString()),
  videoId: z.string().trim().regex(MANUAL_VIDEO_ID_PATTERN, 'videoId must start with manual_').optional(),
  /** A finished resumable (tus) upload to use as the video, instead of a `video` file part. */
  tusUploadId: z.string().trim().regex(/^[a-f0-9]{32}$/, 'Unknown upload').optional(),
})
export type VideoUploadFields = z.infer<typeof videoUploadFieldsSchema>

/** Where a self-hosted video's HLS rendition stands (videos.transcodeStatus). */
export const TRANSCODE_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const
export type TranscodeStatus = (typeof TRANSCODE_STATUSES)[number]

export const TRANSCODE_STATUS_LABELS: Record<TranscodeStatus, string> = {
  queued: 'Waiting to transcode',
  processing: 'Transcoding to HLS',
  ready: 'Ready: streaming in HLS',
  failed: 'Transcode failed',
}

/** What the upload endpoint answers (201). */
export type UploadedVideo = { id: number; videoId: string; title: string; transcodeStatus: TranscodeStatus; url: string }

/** GET /api/videos/uploads: the recent uploads and their transcode state, for the panel. */
export type UploadStatusRow = {
  id: number
  videoId: string
  title: string
  transcodeStatus: TranscodeStatus | null
  transcodeError: string | null
  duration: string | null
  url: string
  createdAt: string
  /** While it transcodes (or a replacement does): percent, renditions done of all, seconds left (null until known). */
  progress: { percent: number; renditionsDone: number; renditionsTotal: number; secondsLeft: number | null; replacing: boolean; replacementError: string | null } | null
  /** Waiting for a transcode slot (TRANSCODE_CONCURRENCY): its place in the line, 1 = next. */
  queuePosition: number | null
  thumbnailUrl: string | null
  frames: ThumbnailFrame[]
  captions: CaptionTrackRow[]
}

/** The tus endpoint (resumable uploads) under the same /api path. */
export const TUS_ENDPOINT = '/api/videos/tus'
export const UPLOAD_ENDPOINT = '/api/videos/upload'

/** Captions (WebVTT) for an uploaded video: one track per language, each under 1 MB. */
export const CAPTION_MAX_BYTES = 1_000_000
export const CAPTION_TOO_LARGE = 'Captions must be under 1 MB.'
export const CAPTION_NOT_WEBVTT = 'Captions must be a WebVTT (.vtt) file: it starts with the line WEBVTT.'
export const CAPTION_LANGUAGE_INVALID = 'Choose the language as a code such as en, fr or pt-BR.'

/** A BCP 47 language tag as players expect it (`en`, `fr`, `pt-BR`, `es-419`), kept to a safe file-name alphabet. */
export const captionLanguageSchema = z
  .string({ error: CAPTION_LANGUAGE_INVALID })
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/, CAPTION_LANGUAGE_INVALID)
  .transform((tag) => tag.split('-').map((part, i) => (i === 0 ? part.toLowerCase() : part.length === 2 ? part.toUpperCase() : part)).join('-'))

export const captionFieldsSchema = z.object({
  language: captionLanguageSchema,
  /** What the viewer picks in the player; the language's own name when left empty. */
  label: z.string().trim().max(60, 'The label must be 60 characters or fewer.').optional().default(''),
})

/** A caption track as a video lists it (the .vtt's URL; its subtitles playlist sits beside it as .m3u8). */
export type CaptionTrackRow = { language: string; label: string; url: string }

/** The stills the transcode saves, to pick a thumbnail from. */
export type ThumbnailFrame = { url: string; at: number }

export const thumbnailFrameSchema = z.object({ frame: z.coerce.number({ error: 'Pick one of the saved frames.' }).int().min(1).max(8) })

// Pure readers of YouTube's values (tested in parse.test.ts).
import { normalizeHandle } from '../../../shared/schemas/site-settings'
import { parseIsoDuration, toIsoDuration } from '../../../shared/format'
import type { YoutubeVideoFields, YtThumbnails, YtVideo } from './types'

/** The Videos collection's limits (cms/collections/Videos.ts): what a row can hold, so a write never fails on them. */
const TITLE_MAX = 200
/** YouTube's own description limit is 5,000 bytes; anything longer is not YouTube's to send. */
export const DESCRIPTION_MAX = 5000
const DURATION_MAX = 32
/** The latest date ISO 8601 writes without a sign (YouTube started in 2005; 1970 is the earliest kept). */
const LATEST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59)

/** A YouTube video id: 11 characters of base64url. Anything else (`../../etc/pa`) is not one. */
export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/
export const isYoutubeVideoId = (value: unknown): value is string => typeof value === 'string' && YOUTUBE_VIDEO_ID.test(value)

/**
 * Text as a row can hold it: well-formed UTF-16 (a lone surrogate cannot be stored), CRLF as LF,
 * and no C0 control characters but tab and newline (PostgreSQL refuses NUL outright).
 */
export function cleanText(value: unknown): string {
  if (typeof value !== 'string') return ''
  // eslint-disable-next-line no-control-regex
  return value.toWellFormed().replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
}

/** At most `max` characters (code points, so an emoji is never cut in half). */
const clamp = (value: string, max: number) => (value.length <= max ? value : [...value].slice(0, max).join(''))

/**
 * Seconds in one of YouTube's ISO 8601 durations: 'PT4M13S' → 253, 'P1DT2H3M4S' → 93784,
 * 'P0D' (a live or upcoming broadcast) → 0; null when it is not one.
 */
export const durationSeconds = (value: string | null | undefined): number | null => (typeof value === 'string' ? parseIsoDuration(value) : null)

/** The duration as the site stores it (PT#H#M#S); null when YouTube gave none or nonsense. */
export const normalizeDuration = (value: string | null | undefined): string | null => {
  const seconds = durationSeconds(value)
  if (seconds === null || !Number.isSafeInteger(Math.floor(seconds))) return null
  const iso = toIsoDuration(seconds)
  return iso.length <= DURATION_MAX ? iso : null
}

/** The largest still YouTube offers: maxres, standard, high, medium, then default. */
export function bestThumbnail(thumbnails: YtThumbnails | undefined): string | null {
  for (const size of ['maxres', 'standard', 'high', 'medium', 'default'] as const) {
    const url = thumbnails?.[size]?.url
    // eslint-disable-next-line no-control-regex
    if (typeof url === 'string' && /^https?:\/\/[^\s\u0000-\u001F\u007F]+$/.test(url) && url.length <= 1000) return url
  }
  return null
}

/** statistics.viewCount is a decimal string, absent when the owner hides it. */
export function viewCountOf(value: string | undefined): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return 0
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER
}

/** '@Name', 'name' and ' @name ' name the same channel; YouTube matches handles without case. */
export const canonicalHandle = (input: string): string => normalizeHandle(input.trim())

const publishedTime = (value: unknown): string => {
  const t = typeof value === 'string' ? Date.parse(value) : Number.NaN
  return new Date(Number.isFinite(t) && t >= 0 && t <= LATEST_TIME ? t : 0).toISOString()
}

/** A `videos` resource as the fields of a row: every text cleaned and within the collection's limits. */
export function toVideoFields(video: YtVideo): YoutubeVideoFields {
  const snippet = video.snippet ?? {}
  const title = cleanText(snippet.title).trim() || video.id
  return {
    videoId: video.id,
    title: clamp(title, TITLE_MAX),
    description: clamp(cleanText(snippet.description), DESCRIPTION_MAX),
    publishedAt: publishedTime(snippet.publishedAt),
    thumbnailUrl: bestThumbnail(snippet.thumbnails),
    duration: normalizeDuration(video.contentDetails?.duration),
    viewCount: viewCountOf(video.statistics?.viewCount),
  }
}

export type RefusedVideo = { videoId: string; reason: string }

/**
 * What YouTube sent, checked before anything is written: rows for the videos whose id is a
 * YouTube id (each once), and the ones refused with why. A malformed item never reaches the
 * database, so it cannot abort the run's transaction halfway.
 */
export function validateVideos(items: readonly YtVideo[]): { valid: YoutubeVideoFields[]; refused: RefusedVideo[] } {
  const valid: YoutubeVideoFields[] = []
  const refused: RefusedVideo[] = []
  const seen = new Set<string>()
  for (const item of items) {
    const id = typeof item?.id === 'string' ? item.id : ''
    if (!isYoutubeVideoId(id)) refused.push({ videoId: printableId(id), reason: 'not a YouTube video id' })
    else if (!seen.has(id)) {
      seen.add(id)
      valid.push(toVideoFields(item))
    }
  }
  return { valid, refused }
}

/** A refused id as it can be shown and stored in the run's note: cleaned and short. */
export const printableId = (id: unknown) => clamp(cleanText(typeof id === 'string' ? id : String(id ?? '')).replace(/\s+/g, ' '), 40) || '(empty)'

/** Splits ids into YouTube's batches (videos.list takes at most 50 ids). */
export function batches<T>(items: readonly T[], size = 50): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

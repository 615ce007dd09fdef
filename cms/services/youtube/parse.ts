// Pure readers of YouTube's values (tested in parse.test.ts).
import { normalizeHandle } from '../../../shared/schemas/site-settings'
import { parseIsoDuration, toIsoDuration } from '../../../shared/format'
import type { YoutubeVideoFields, YtThumbnails, YtVideo } from './types'

const TITLE_MAX = 200
/**
 * Seconds in one of YouTube's ISO 8601 durations: 'PT4M13S' → 253, 'P1DT2H3M4S' → 93784,
 * 'P0D' (a live or upcoming broadcast) → 0; null when it is not one.
 */
export const durationSeconds = (value: string | null | undefined): number | null => (typeof value === 'string' ? parseIsoDuration(value) : null)

/** The duration as the site stores it (PT#H#M#S); null when YouTube gave none or nonsense. */
export const normalizeDuration = (value: string | null | undefined): string | null => {
  const seconds = durationSeconds(value)
  return seconds === null ? null : toIsoDuration(seconds)
}

/** The largest still YouTube offers: maxres, standard, high, medium, then default. */
export function bestThumbnail(thumbnails: YtThumbnails | undefined): string | null {
  for (const size of ['maxres', 'standard', 'high', 'medium', 'default'] as const) {
    const url = thumbnails?.[size]?.url
    if (typeof url === 'string' && /^https?:\/\//.test(url) && url.length <= 1000) return url
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

/** A `videos` resource as the fields of a row. */
export function toVideoFields(video: YtVideo): YoutubeVideoFields {
  const snippet = video.snippet ?? {}
  const title = (snippet.title ?? '').trim() || video.id
  const published = snippet.publishedAt && !Number.isNaN(Date.parse(snippet.publishedAt)) ? new Date(snippet.publishedAt).toISOString() : new Date(0).toISOString()
  return {
    videoId: video.id,
    title: [...title].slice(0, TITLE_MAX).join(''),
    description: snippet.description ?? '',
    publishedAt: published,
    thumbnailUrl: bestThumbnail(snippet.thumbnails),
    duration: normalizeDuration(video.contentDetails?.duration),
    viewCount: viewCountOf(video.statistics?.viewCount),
  }
}

/** Splits ids into YouTube's batches (videos.list takes at most 50 ids). */
export function batches<T>(items: readonly T[], size = 50): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

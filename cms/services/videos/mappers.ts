import type { KeyMoment, LockReason, VideoDetail, VideoSeo, VideoSummary } from '../../../shared/types/content'
import type { Video } from '../../payload-types'

/** The fields a card needs; list queries select only these. */
export const SUMMARY_SELECT = {
  videoId: true,
  title: true,
  thumbnailUrl: true,
  publishedAt: true,
  duration: true,
  viewCount: true,
  source: true,
  isUncut: true,
  isPremium: true,
  earlyAccessUntil: true,
} as const

export type SummaryDoc = Pick<Video, 'id' | 'videoId' | 'title' | 'publishedAt' | 'source'> &
  Partial<Pick<Video, 'thumbnailUrl' | 'duration' | 'viewCount' | 'isUncut' | 'isPremium' | 'earlyAccessUntil'>>

export type YoutubeThumbnailQuality = 'maxresdefault' | 'hqdefault'

/** The video host's still for a YouTube id (SPEC §2: max resolution, falling back to high quality). */
export const youtubeThumbnail = (videoId: string, quality: YoutubeThumbnailQuality = 'maxresdefault') =>
  `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/${quality}.jpg`

export function toVideoSummary(doc: SummaryDoc): VideoSummary {
  return {
    id: doc.id,
    videoId: doc.videoId,
    title: doc.title,
    thumbnailUrl: doc.thumbnailUrl || (doc.source === 'youtube' ? youtubeThumbnail(doc.videoId) : ''),
    publishedAt: doc.publishedAt,
    duration: doc.duration ?? null,
    viewCount: doc.viewCount ?? 0,
    source: doc.source,
    isUncut: Boolean(doc.isUncut),
    isPremium: Boolean(doc.isPremium),
    earlyAccessUntil: doc.earlyAccessUntil ?? null,
  }
}

/**
 * `locked`: what keeps the caller from the playable file (the premium gate's lockReason), null
 * when they may have it. Field access already strips videoUrl; this is the second lock on the same door.
 */
export function toVideoDetail(doc: Video, { commentCount, locked }: { commentCount: number; locked: LockReason | null }): VideoDetail {
  return {
    ...toVideoSummary(doc),
    description: doc.description ?? null,
    videoUrl: doc.source === 'manual' && locked === null ? (doc.videoUrl ?? null) : null,
    locked,
    comments: commentCount,
    tags: stringList(doc.tags),
    keywords: stringList(doc.keywords),
    category: doc.category ?? null,
    createdAt: doc.createdAt,
  }
}

export function toVideoSeo(doc: Video): VideoSeo {
  return {
    videoId: doc.videoId,
    seoTitle: doc.seoTitle ?? null,
    seoDescription: doc.seoDescription ?? null,
    keywords: stringList(doc.keywords),
    customDescription: doc.customDescription ?? null,
    tags: stringList(doc.tags),
    category: doc.category ?? null,
    targetAudience: doc.targetAudience ?? null,
    emotionalTone: doc.emotionalTone ?? null,
    callToAction: doc.callToAction ?? null,
    timestampedSummary: doc.timestampedSummary ?? null,
    keyMoments: toKeyMoments(doc.keyMoments),
    seoGenerated: Boolean(doc.seoGenerated),
    seoGeneratedAt: doc.seoGeneratedAt ?? null,
  }
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : []

/**
 * The API's key moments (SPEC §3: `[{ timestamp, description }]`): the array field's rows without
 * their row ids. Blank rows (possible only in data from before the field was validated) are dropped.
 */
export function toKeyMoments(value: unknown): KeyMoment[] {
  if (!Array.isArray(value)) return []
  const moments: KeyMoment[] = []
  for (const item of value) {
    if (!item || typeof item !== 'object') continue
    const { timestamp, description } = item as Record<string, unknown>
    if (typeof timestamp !== 'string' || typeof description !== 'string') continue
    if (!timestamp.trim() || !description.trim()) continue
    moments.push({ timestamp: timestamp.trim(), description: description.trim() })
  }
  return moments
}

/** '1:02:10' → 3730, '6:15' → 375, '45' → 45; null when it is not a clock time. */
export function timestampSeconds(timestamp: string): number | null {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})$|^(\d+)$/.exec(timestamp.trim())
  if (!match) return null
  if (match[4] !== undefined) return Number(match[4])
  if (Number(match[3]) > 59 || (match[1] !== undefined && Number(match[2]) > 59)) return null
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3])
}

// schema.org VideoObject for a video page (Google's video structured data), as a <script> body.
import { isInEarlyAccess, isPremiumOnly } from '../../../cms/services/premium-gate'
import { timestampSeconds } from '../../../cms/services/videos/mappers'
import { parseIsoDuration, toIsoDuration } from '../../../shared/format'
import type { KeyMoment, VideoDetail } from '../../../shared/types/content'

export type VideoJsonLdInput = {
  video: VideoDetail
  description: string
  keyMoments: KeyMoment[]
  /** Absolute canonical URL of the video page (clips link to it with ?t=). */
  pageUrl: string
  /** Absolute thumbnail URL. */
  thumbnailUrl: string
  /** The YouTube player for YouTube videos. */
  embedUrl: string | null
  /** Absolute file URL of a self-hosted video, only when the viewer may play it. */
  contentUrl: string | null
}

export function videoJsonLd({ video, description, keyMoments, pageUrl, thumbnailUrl, embedUrl, contentUrl }: VideoJsonLdInput) {
  const totalSeconds = video.duration ? parseIsoDuration(video.duration) : null
  const starts = keyMoments
    .map((m) => ({ name: m.description, start: timestampSeconds(m.timestamp) }))
    .filter((m): m is { name: string; start: number } => m.start !== null && (totalSeconds === null || m.start < totalSeconds))
    .sort((a, b) => a.start - b.start)
  const clips = starts.map((m, i) => {
    const end = starts[i + 1]?.start ?? totalSeconds
    const url = new URL(pageUrl)
    url.searchParams.set('t', String(m.start))
    return {
      '@type': 'Clip',
      name: m.name,
      startOffset: m.start,
      ...(end !== null && end !== undefined && end > m.start ? { endOffset: end } : {}),
      url: url.href,
    }
  })
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: video.title,
    description,
    thumbnailUrl: [thumbnailUrl],
    uploadDate: video.publishedAt,
    ...(totalSeconds !== null ? { duration: toIsoDuration(totalSeconds) } : {}),
    ...(embedUrl ? { embedUrl } : {}),
    ...(contentUrl ? { contentUrl } : {}),
    interactionStatistic: {
      '@type': 'InteractionCounter',
      interactionType: { '@type': 'WatchAction' },
      userInteractionCount: video.viewCount,
    },
    ...(video.keywords.length ? { keywords: video.keywords.join(', ') } : {}),
    ...(video.category ? { genre: video.category } : {}),
    // Not free while the premium gate locks it for some (premium, uncut, or still in early access).
    ...(isPremiumOnly(video) || isInEarlyAccess(video) ? { isAccessibleForFree: false } : {}),
    ...(clips.length ? { hasPart: clips } : {}),
  }
}

/** JSON for an inline <script>: every '<' escaped, so '</script>' in a title cannot end it. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

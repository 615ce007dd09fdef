import { parseIsoDuration } from '../../../shared/format'
import type { FeedPost, FeedVideo } from './queries'
import { absoluteUrl, element, w3cDate, XML_DECLARATION } from './xml'

/** The public listing pages every sitemap starts with. */
export const SITEMAP_STATIC_PATHS = ['/', '/vlog', '/blog', '/categories'] as const

/** Google's limits for video sitemap fields. */
const DESCRIPTION_MAX = 2048
const DURATION_MAX_SECONDS = 28_800
const TAGS_MAX = 32

/**
 * sitemaps.org urlset with Google video extensions. Every video gets a <video:video>; the media
 * location is the YouTube embed (player_loc) or the self-hosted file (content_loc). A locked
 * upload's file (premium, uncut or early access: the premium gate) is not public, so its player is
 * the video page itself; every locked video is marked requires_subscription.
 */
export function buildSitemap(siteUrl: string, { posts, videos }: { posts: FeedPost[]; videos: FeedVideo[] }): string {
  const newestPost = posts.reduce<string | null>((max, p) => (max && max > p.updatedAt ? max : p.updatedAt), null)
  const newestVideo = videos.reduce<string | null>((max, v) => (max && max > v.publishedAt ? max : v.publishedAt), null)
  const staticLastmod: Record<string, string | null> = {
    '/': [newestPost, newestVideo].filter(Boolean).sort().pop() ?? null,
    '/vlog': newestVideo,
    '/blog': newestPost,
    '/categories': newestPost,
  }

  const urls = [
    ...SITEMAP_STATIC_PATHS.map((path) => urlEntry(`${siteUrl}${path === '/' ? '/' : path}`, staticLastmod[path] ?? null)),
    ...posts.map((post) => urlEntry(`${siteUrl}/post/${encodeURIComponent(post.slug)}`, post.updatedAt)),
    ...videos.map((video) => urlEntry(`${siteUrl}/video/${encodeURIComponent(video.videoId)}`, video.updatedAt, videoElement(siteUrl, video))),
  ]
  return [
    XML_DECLARATION,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

function urlEntry(loc: string, lastmod: string | null, extra = ''): string {
  return `<url>${element('loc', loc)}${element('lastmod', w3cDate(lastmod))}${extra}</url>`
}

function videoElement(siteUrl: string, video: FeedVideo): string {
  const pageUrl = `${siteUrl}/video/${encodeURIComponent(video.videoId)}`
  const thumbnail = absoluteUrl(siteUrl, video.thumbnailUrl) ?? `${siteUrl}/logo.svg`
  // The saved search description first (by hand or from the SEO bot: the page's meta description), else the video's own.
  const description = (video.seoDescription?.trim() || video.description?.trim() || video.title).slice(0, DESCRIPTION_MAX)
  const seconds = video.duration ? parseIsoDuration(video.duration) : null
  const content = video.source === 'manual' ? absoluteUrl(siteUrl, video.videoUrl) : null
  // A locked video's player is its page (the lock), not the YouTube embed.
  const player =
    video.source === 'youtube' && !video.locked
      ? `https://www.youtube.com/embed/${encodeURIComponent(video.videoId)}`
      : content
        ? null
        : pageUrl
  return [
    '<video:video>',
    element('video:thumbnail_loc', thumbnail),
    // The title shown on the page (Google: it should match); the SEO title is the page's <title>.
    element('video:title', video.title),
    element('video:description', description),
    element('video:content_loc', content),
    element('video:player_loc', player),
    seconds && seconds > 0 ? element('video:duration', Math.min(seconds, DURATION_MAX_SECONDS)) : '',
    element('video:view_count', Math.max(0, Math.floor(video.viewCount ?? 0))),
    element('video:publication_date', w3cDate(video.publishedAt)),
    element('video:family_friendly', 'yes'),
    element('video:requires_subscription', video.locked ? 'yes' : 'no'),
    ...video.tags.slice(0, TAGS_MAX).map((tag) => element('video:tag', tag)),
    '</video:video>',
  ].join('')
}

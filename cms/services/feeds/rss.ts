import type { FeedPost, FeedVideo } from './queries'
import { absoluteUrl, element, emptyElement, rfc822, XML_DECLARATION } from './xml'

/** How many items each feed carries. */
export const FEED_ITEM_LIMIT = 20

type Channel = { title: string; link: string; selfUrl: string; description: string }

function channel(c: Channel, items: string[], namespaces = ''): string {
  return [
    XML_DECLARATION,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"${namespaces}>`,
    '<channel>',
    element('title', c.title),
    element('link', c.link),
    element('description', c.description),
    element('language', 'en-us'),
    element('lastBuildDate', new Date().toUTCString()),
    emptyElement('atom:link', { href: c.selfUrl, rel: 'self', type: 'application/rss+xml' }),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n')
}

/** One <item>: its link doubles as the permalink guid; `extra` is already-built XML. */
function item(title: string, link: string, date: string, description: string | null | undefined, extra: string): string {
  return [
    '<item>',
    element('title', title),
    element('link', link),
    element('guid', link, { isPermaLink: 'true' }),
    element('pubDate', rfc822(date)),
    element('description', description),
    extra,
    '</item>',
  ].join('')
}

/** RSS 2.0 of published posts (newest first) for /rss.xml. */
export function buildPostsRss(siteUrl: string, siteName: string, posts: FeedPost[]): string {
  const items = posts.map((post) => {
    const link = `${siteUrl}/post/${encodeURIComponent(post.slug)}`
    return item(post.title, link, post.publishedAt, post.excerpt, element('category', post.categoryName))
  })
  return channel(
    { title: `${siteName}: News & Commentary`, link: `${siteUrl}/blog`, selfUrl: `${siteUrl}/rss.xml`, description: `The latest news and commentary from ${siteName}.` },
    items,
  )
}

/** RSS 2.0 of videos (newest first) for /videos/rss.xml, with Media RSS thumbnails. */
export function buildVideosRss(siteUrl: string, siteName: string, videos: FeedVideo[]): string {
  const items = videos.map((video) => {
    const link = `${siteUrl}/video/${encodeURIComponent(video.videoId)}`
    const thumbnail = absoluteUrl(siteUrl, video.thumbnailUrl)
    return item(video.title, link, video.publishedAt, video.description, thumbnail ? emptyElement('media:thumbnail', { url: thumbnail }) : '')
  })
  return channel(
    { title: `${siteName}: Community Videos`, link: `${siteUrl}/vlog`, selfUrl: `${siteUrl}/videos/rss.xml`, description: `The latest community videos from ${siteName}.` },
    items,
    ' xmlns:media="http://search.yahoo.com/mrss/"',
  )
}

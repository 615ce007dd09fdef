export { feedPosts, feedVideos, siteName, type FeedPost, type FeedVideo } from './queries'
export { buildSitemap, SITEMAP_STATIC_PATHS } from './sitemap'
export { buildPostsRss, buildVideosRss, FEED_ITEM_LIMIT } from './rss'
export { buildRobotsTxt, ROBOTS_DISALLOW } from './robots'
export { escapeXml } from './xml'

/**
 * The site's public origin for absolute URLs: SERVER_URL (what the deployment calls itself),
 * else the origin the request came in on. No trailing slash.
 */
export function publicSiteUrl(requestUrl: URL): string {
  const configured = process.env.SERVER_URL?.trim()
  return (configured || requestUrl.origin).replace(/\/+$/, '')
}

/** Feeds and the sitemap are the same for every reader: shared caches may keep them briefly. */
export const FEED_CACHE_CONTROL = 'public, max-age=300'

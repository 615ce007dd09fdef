export { feedPosts, feedVideos, siteName, type FeedPost, type FeedVideo } from './queries'
export { buildSitemap, SITEMAP_STATIC_PATHS } from './sitemap'
export { buildPostsRss, buildVideosRss, FEED_ITEM_LIMIT } from './rss'
export { buildRobotsTxt, ROBOTS_DISALLOW } from './robots'
export { escapeXml } from './xml'
export { absoluteUrl, publicSiteUrl } from './site-url'

/** Feeds and the sitemap are the same for every reader: shared caches may keep them briefly. */
export const FEED_CACHE_CONTROL = 'public, max-age=300'

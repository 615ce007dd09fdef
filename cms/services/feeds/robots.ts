/** Paths crawlers are asked to leave alone: the CMS, the JSON API, the admin panel and private lists. */
export const ROBOTS_DISALLOW = ['/cms', '/api', '/admin', '/bookmarks'] as const

export function buildRobotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n')
}

import { describe, expect, it } from 'vitest'

import { buildRobotsTxt } from './robots'
import { buildPostsRss } from './rss'
import { buildSitemap } from './sitemap'
import { absoluteUrl, escapeXml, rfc822 } from './xml'

const post = { id: 1, title: 'Tom & Jerry <3', slug: 'tom-jerry', excerpt: 'a "quote"', publishedAt: '2025-01-05T06:07:08.000Z', createdAt: '2025-01-02T03:04:05.000Z', updatedAt: '2025-01-03T00:00:00.000Z', categoryName: 'News' }
const video = {
  id: 1, videoId: 'abc_123', title: 'V', description: null, seoDescription: null, tags: [] as string[], thumbnailUrl: '/media/thumbnails/abc.svg', duration: 'PT4M13S', viewCount: 1500,
  source: 'manual' as const, isPremium: true, publishedAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', videoUrl: null, locked: true,
}

describe('feed XML', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`a & b < c > "d" 'e'\u0001`)).toBe('a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;')
  })

  it('makes site-relative URLs absolute and keeps absolute ones', () => {
    expect(absoluteUrl('https://x.org', '/media/a.svg')).toBe('https://x.org/media/a.svg')
    expect(absoluteUrl('https://x.org', 'https://i.ytimg.com/vi/a/hq.jpg')).toBe('https://i.ytimg.com/vi/a/hq.jpg')
    expect(absoluteUrl('https://x.org', null)).toBeNull()
  })

  it('writes RFC 822 dates for RSS', () => {
    expect(rfc822('2025-01-02T03:04:05.000Z')).toBe('Thu, 02 Jan 2025 03:04:05 GMT')
    expect(rfc822('not a date')).toBeNull()
  })

  it('RSS items carry escaped titles and a self link', () => {
    const xml = buildPostsRss('https://x.org', 'Site', [post])
    expect(xml).toContain('<title>Tom &amp; Jerry &lt;3</title>')
    expect(xml).toContain('<atom:link href="https://x.org/rss.xml" rel="self" type="application/rss+xml"/>')
    expect(xml).toContain('<guid isPermaLink="true">https://x.org/post/tom-jerry</guid>')
    // The date it was published, not the day its draft was started.
    expect(xml).toContain('<pubDate>Sun, 05 Jan 2025 06:07:08 GMT</pubDate>')
  })

  it('a premium upload is listed with its page as player and requires a subscription', () => {
    const xml = buildSitemap('https://x.org', { posts: [], videos: [video] })
    expect(xml).toContain('<video:player_loc>https://x.org/video/abc_123</video:player_loc>')
    expect(xml).toContain('<video:duration>253</video:duration>')
    expect(xml).toContain('<video:description>V</video:description>')
    expect(xml).toContain('<video:requires_subscription>yes</video:requires_subscription>')
    expect(xml).not.toContain('content_loc')
  })

  it("a video's saved search fields give the sitemap its description and tags; the title stays the page's", () => {
    const xml = buildSitemap('https://x.org', {
      posts: [],
      videos: [{ ...video, description: 'The long original text', seoDescription: 'How to vote early & by mail.', tags: ['early voting', 'elections'] }],
    })
    expect(xml).toContain('<video:title>V</video:title>')
    expect(xml).toContain('<video:description>How to vote early &amp; by mail.</video:description>')
    expect(xml).toContain('<video:tag>early voting</video:tag><video:tag>elections</video:tag>')
  })

  it('robots.txt disallows the private areas and names the sitemap', () => {
    expect(buildRobotsTxt('https://x.org')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /cms\nDisallow: /api\nDisallow: /admin\nDisallow: /bookmarks\n\nSitemap: https://x.org/sitemap.xml\n',
    )
  })
})

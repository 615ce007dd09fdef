import { describe, expect, it } from 'vitest'
import { ADMIN_NAV_ITEM, FOOTER_ABOUT_ITEMS, FOOTER_CONTENT_LINKS, NAV_ITEMS, isNavActive, signInHref } from './nav'

describe('isNavActive', () => {
  it("matches '/' only exactly", () => {
    expect(isNavActive('/', '/')).toBe(true)
    expect(isNavActive('/blog', '/')).toBe(false)
    expect(isNavActive('/vlog', '/')).toBe(false)
  })

  it('matches other items by path prefix on a segment boundary', () => {
    expect(isNavActive('/blog', '/blog')).toBe(true)
    expect(isNavActive('/blog/', '/blog')).toBe(true)
    expect(isNavActive('/blog/some-post', '/blog')).toBe(true)
    expect(isNavActive('/blogger', '/blog')).toBe(false)
    expect(isNavActive('/admin/posts', '/admin')).toBe(true)
  })

  it("does not treat '/post/…' as the News item", () => {
    expect(isNavActive('/post/my-article', '/blog')).toBe(false)
  })

  it('ignores a query string or hash', () => {
    expect(isNavActive('/blog?category=3', '/blog')).toBe(true)
    expect(isNavActive('/?x=1', '/')).toBe(true)
  })
})

describe('navigation data', () => {
  it('lists the spec nav items in order', () => {
    expect(NAV_ITEMS.map((i) => `${i.label} ${i.href}`)).toEqual([
      'Home /',
      'Videos /vlog',
      'News /blog',
      'Topics /categories',
      'For You /recommendations',
      'Live /live',
      'Leaderboard /leaderboard',
      'Merch /merch',
    ])
    expect(ADMIN_NAV_ITEM).toEqual({ label: 'Admin', href: '/admin' })
  })

  it('gives Archives and the About items no target', () => {
    expect(FOOTER_CONTENT_LINKS).toEqual([
      { label: 'Latest News', href: '/blog' },
      { label: 'Community Videos', href: '/vlog' },
      { label: 'Topics', href: '/categories' },
      { label: 'Archives' },
    ])
    expect(FOOTER_ABOUT_ITEMS.map((i) => i.label)).toEqual(['My Story', 'Contact', 'Newsletter', 'RSS Feed'])
    // Only the RSS feed has a target (beyond the spec: the reading issue links it to the posts feed).
    expect(FOOTER_ABOUT_ITEMS.filter((i) => i.href).map((i) => [i.label, i.href])).toEqual([['RSS Feed', '/rss.xml']])
  })
})

describe('signInHref', () => {
  it('carries the page back, except from home and the account pages', () => {
    expect(signInHref('/video/abc?t=30')).toBe('/login?next=%2Fvideo%2Fabc%3Ft%3D30')
    expect(signInHref('/blog#top')).toBe('/login?next=%2Fblog')
    expect(signInHref('/')).toBe('/login')
    expect(signInHref('/login?next=/x')).toBe('/login')
    expect(signInHref('/register')).toBe('/login')
    expect(signInHref('//evil.example/')).toBe('/login')
  })
})

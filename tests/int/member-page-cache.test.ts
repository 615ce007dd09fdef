// Members' pages as fast as visitors': members of one audience share a kept page
// (server/member-page-cache.ts) and get their own parts (site/lib/member-parts.ts) rendered for them.
import { describe, expect, inject, it } from 'vitest'

import { posts } from '../../cms/seed/fixtures/posts'
import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'

const baseUrl = inject('baseUrl')

const post = posts.find((p) => p.status === 'published')!
const video = videos.filter((v) => !v.isPremium && !v.isUncut)[2]!

const page = (path: string, cookie?: string | null) => fetch(baseUrl + path, { headers: cookie ? { cookie, 'sec-fetch-site': 'same-origin' } : {} })
const probe = (label: string) => `probe=${label}${Date.now().toString(36)}`

/**
 * A spliced page's islands have other React id prefixes (m0… for the parts) and Astro's island
 * uids (a hash for hot reloading in development); a comment list its render time. Nothing else may differ.
 */
const comparable = (html: string) =>
  html
    .replace(/ uid="[^"]*"/g, ' uid="?"')
    .replace(/prefix="(?:p\d+)?r\d+"/g, 'prefix="?"')
    .replace(/_(?:p\d+)?r\d+R_/g, '_?R_')
    .replace(/(renderedAt&quot;:\[0,&quot;)[^&]+/g, '$1?')

/** Where two pages part (a short window of each), or null when they are the same. */
function difference(a: string, b: string) {
  if (a === b) return null
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  return { at: i, got: a.slice(Math.max(0, i - 120), i + 200), expected: b.slice(Math.max(0, i - 120), i + 200) }
}

const bookmarkedIn = (html: string) => /initialBookmarked&quot;:\[0,(true|false)\]/.exec(html)?.[1]

describe('members share the page their audience sees, with their own parts', () => {
  it("never shows one member's name, picture menu or bookmark state to another", async () => {
    const ada = await registerMember(baseUrl)
    const grace = await registerMember(baseUrl)
    expect((await ada.client.post('/api/bookmarks', { contentType: 'blog_post', contentId: post.slug, title: post.title })).status).toBe(201)
    const path = `/post/${post.slug}?${probe('a')}`

    const first = await page(path, ada.client.cookie)
    expect(first.headers.get('x-member-shell')).toBeNull()
    const adaFirst = await first.text()
    expect(adaFirst).toContain(ada.username)
    expect(bookmarkedIn(adaFirst)).toBe('true')

    const second = await page(path, grace.client.cookie)
    expect(second.headers.get('x-member-shell')).toBe('hit')
    expect(second.headers.get('cache-control')).toMatch(/private/)
    const graceHtml = await second.text()
    expect(graceHtml).toContain(grace.username)
    expect(graceHtml).not.toContain(ada.username)
    expect(bookmarkedIn(graceHtml)).toBe('false')

    const third = await page(path, ada.client.cookie)
    expect(third.headers.get('x-member-shell')).toBe('hit')
    const adaAgain = await third.text()
    expect(adaAgain).toContain(ada.username)
    expect(adaAgain).not.toContain(grace.username)
    expect(bookmarkedIn(adaAgain)).toBe('true')
    expect(difference(comparable(adaAgain), comparable(adaFirst))).toBeNull()
  })

  it('a kept page with the parts put in is the page rendered whole, on every page that is kept', async () => {
    const ada = await registerMember(baseUrl)
    const grace = await registerMember(baseUrl)
    const comment = await ada.client.post(`/api/videos/${video.videoId}/comments`, { content: `Shell probe ${Date.now()}` })
    expect(comment.status).toBe(201)
    // The day's login bonus lands on a member's first request: it changes the header's points.
    for (const member of [ada, grace]) expect((await page(`/bookmarks?${probe('w')}`, member.client.cookie)).status).toBe(200)
    for (const path of ['/', '/blog', '/vlog', '/categories', `/post/${post.slug}`, `/video/${video.videoId}`]) {
      // The same page at two addresses: one kept and spliced, one rendered whole.
      const tag = Date.now().toString(36)
      const [kept, whole] = [`k${tag}`, `w${tag}`]
      await page(`${path}?probe=${kept}`, ada.client.cookie)
      const spliced = await page(`${path}?probe=${kept}`, grace.client.cookie)
      expect(spliced.headers.get('x-member-shell'), path).toBe('hit')
      const rendered = await page(`${path}?probe=${whole}`, grace.client.cookie)
      expect(rendered.headers.get('x-member-shell'), path).toBeNull()
      expect(difference(comparable((await spliced.text()).replaceAll(kept, whole)), comparable(await rendered.text())), path).toBeNull()
    }
  })

  it("a member's own parts follow their bookmarks and points at once", async () => {
    const ada = await registerMember(baseUrl)
    const grace = await registerMember(baseUrl)
    const path = `/video/${video.videoId}?${probe('p')}`
    await page(path, grace.client.cookie)
    for (let i = 0; i < 2; i++) expect((await page(path, ada.client.cookie)).headers.get('x-member-shell')).toBe('hit')
    const points = (html: string) => Number(/&quot;points&quot;:\[0,(\d+)\]/.exec(html)?.[1])
    const before = await (await page(path, ada.client.cookie)).text()
    expect(bookmarkedIn(before)).toBe('false')

    expect((await ada.client.post('/api/bookmarks', { contentType: 'video', contentId: video.videoId, title: video.title })).status).toBe(201)
    const bookmarked = await (await page(path, ada.client.cookie)).text()
    expect(bookmarkedIn(bookmarked)).toBe('true')
    expect(points(bookmarked)).toBeGreaterThan(points(before))

    const share = await ada.client.post('/api/points/award', { activityType: 'content_share', contentType: 'video', contentId: video.videoId })
    expect(share.body.pointsAwarded).toBeGreaterThan(0)
    expect(points(await (await page(path, ada.client.cookie)).text())).toBe(points(bookmarked) + share.body.pointsAwarded)
  })

  it("comments carry each member's own delete rights", async () => {
    const ada = await registerMember(baseUrl)
    const grace = await registerMember(baseUrl)
    const content = `Rights probe ${Date.now()}`
    expect((await ada.client.post(`/api/videos/${video.videoId}/comments`, { content })).status).toBe(201)
    const path = `/video/${video.videoId}?${probe('c')}`
    const canDelete = (html: string) => {
      const at = html.indexOf(content)
      return /canDelete&quot;:\[0,(true|false)\]/.exec(html.slice(at))?.[1]
    }
    expect(canDelete(await (await page(path, ada.client.cookie)).text())).toBe('true')
    const forGrace = await page(path, grace.client.cookie)
    expect(forGrace.headers.get('x-member-shell')).toBe('hit')
    expect(canDelete(await forGrace.text())).toBe('false')
  })

  it('clears with any content change, and is never used for admins or visitors', async () => {
    const member = await registerMember(baseUrl)
    const admin = new ApiClient(baseUrl)
    expect((await admin.post('/api/auth/login', inject('admin'))).status).toBe(200)
    const path = `/blog?${probe('x')}`
    await page(path, member.client.cookie)
    expect((await page(path, member.client.cookie)).headers.get('x-member-shell')).toBe('hit')
    const { body } = await admin.post('/cms/api/categories', { name: `Shell probe ${Date.now()}` })
    expect((await page(path, member.client.cookie)).headers.get('x-member-shell')).toBeNull()
    await admin.request('DELETE', `/cms/api/categories/${body.doc.id}`)

    await page(path, admin.cookie)
    expect((await page(path, admin.cookie)).headers.get('x-member-shell')).toBeNull()
    expect((await page(path)).headers.get('x-member-shell')).toBeNull()
  })

  it('/member-parts is no page of its own', async () => {
    const member = await registerMember(baseUrl)
    expect((await page('/member-parts')).status).toBe(404)
    expect((await page('/member-parts', member.client.cookie)).status).toBe(404)
  })
})

// Early access (the premium gate): a post and a video locked to everyone but Premium members
// and admins until `earlyAccessUntil`, then open by themselves, through every door, without
// waiting for any cache's TTL (caches end at the next opening).
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { asBrowser, createManualVideo, deleteVideo, getFile } from './gate-helpers'
import { restoreContentAfterAll } from './posts-cleanup'
import { baseUrl, premiumMember, signedInAdmin } from './videos-helpers'

restoreContentAfterAll(baseUrl, inject('admin'))

// Letters only, so the English stemmer leaves them whole.
const letters = () => randomBytes(4).toString('hex').replace(/\d/g, 'q')
const secret = `bodysecret${letters()}`
const titleWord = `earlytitle${letters()}`
/**
 * How long the items stay in early access from their creation: time enough for the locked checks,
 * and less than the caches' TTL (PAGE_CACHE_SECONDS, 10 s), so a lock cached just before its
 * time would still be served after it unless the caches end at the opening.
 */
const LEAD_MS = 6_000

let admin: ApiClient
let member: ApiClient
let premium: ApiClient
let visitor: ApiClient
let opensAt: number
let post: { id: number; slug: string; title: string }
let video: Awaited<ReturnType<typeof createManualVideo>>

const page = async (client: ApiClient, path: string) => {
  const res = await client.request('GET', path)
  expect(res.status).toBe(200)
  return String(res.body)
}
const text = async (path: string) => (await fetch(baseUrl + path)).text()

beforeAll(async () => {
  admin = await signedInAdmin()
  member = (await registerMember(baseUrl)).client
  premium = (await premiumMember()).client
  visitor = new ApiClient(baseUrl)
  opensAt = Date.now() + LEAD_MS
  const until = new Date(opensAt).toISOString()
  const created = await admin.post('/api/blog-posts', {
    title: `An early ${titleWord} post`,
    excerpt: 'What this post is about, in a line.',
    content: `The first paragraph is public enough.\n\nThe body holds the ${secret} that nobody outside Premium may read yet.`,
    status: 'published',
  })
  expect(created.status).toBe(201)
  const patched = await admin.patch(`/cms/api/posts/${created.body.id}`, { earlyAccessUntil: until })
  expect(patched.status, JSON.stringify(patched.body)).toBe(200)
  post = { id: created.body.id, slug: created.body.slug, title: created.body.title }
  video = await createManualVideo(admin, { earlyAccessUntil: until, publishedAt: new Date().toISOString() })
})
afterAll(async () => {
  await deleteVideo(admin, video.id)
})

describe('before its time', () => {
  it('the JSON API gives a locked post its summary and teaser, never the body', async () => {
    for (const client of [visitor, member]) {
      for (const path of [`/api/blog-posts/${post.id}`, `/api/blog-posts/slug/${post.slug}`]) {
        const res = await client.get(path)
        expect(res.status).toBe(200)
        expect(res.body).toMatchObject({ title: post.title, excerpt: 'What this post is about, in a line.', content: null, locked: 'early-access' })
        expect(res.body.teaser).toMatch(/^Opens to everyone on \w{3} \d{2}, \d{4} at \d{1,2}:\d{2} [AP]M E[DS]T$/)
        expect(JSON.stringify(res.body)).not.toContain(secret)
      }
    }
    const rest = await member.get(`/cms/api/posts/${post.id}`)
    expect(rest.status).toBe(200)
    expect(rest.body.content).toBeUndefined()
    expect(JSON.stringify(rest.body)).not.toContain(secret)
    expect((await premium.get(`/api/blog-posts/${post.id}`)).body).toMatchObject({ locked: null, teaser: null, content: expect.stringContaining(secret) })
  })

  it('the post page shows the teaser instead of the body; lists show the Early access label', async () => {
    for (const client of [visitor, member]) {
      const html = await page(client, `/post/${post.slug}`)
      expect(html).toContain('data-testid="early-access-teaser"')
      expect(html).toContain('Opens to everyone on')
      expect(html).not.toContain(secret)
      const blog = await page(client, '/blog')
      expect(blog).toContain(post.title)
      expect(blog).toContain('data-badge="Early access"')
    }
    expect(await page(premium, `/post/${post.slug}`)).toContain(secret)
  })

  it('search does not match a locked body for those who cannot open it, but lists the post by its title', async () => {
    expect((await member.get(`/api/blog-posts?search=${secret}`)).body.totalDocs).toBe(0)
    expect((await visitor.get(`/api/blog-posts?search=${secret}`)).body.totalDocs).toBe(0)
    const byTitle = await member.get(`/api/blog-posts?search=${titleWord}`)
    expect(byTitle.body.posts.map((p: { id: number }) => p.id)).toEqual([post.id])
    expect(JSON.stringify(byTitle.body)).not.toContain(secret)
    expect((await premium.get(`/api/blog-posts?search=${secret}`)).body.totalDocs).toBe(1)
  })

  it('feeds and the sitemap carry no locked body or file', async () => {
    for (const path of ['/rss.xml', '/videos/rss.xml', '/sitemap.xml']) {
      const xml = await text(path)
      expect(xml).not.toContain(secret)
      expect(xml).not.toContain(video.file)
    }
    expect(await text('/rss.xml')).toContain(post.title)
  })

  it('the video: the lock with its teaser, no file for a member, the file for a premium member', async () => {
    const html = await page(member, `/video/${video.videoId}`)
    expect(html).toContain('data-lock="early-access"')
    expect(html).toContain('Opens to everyone on')
    expect(html).not.toContain(video.file)
    expect((await member.get(`/api/videos/${video.videoId}`)).body).toMatchObject({ videoUrl: null, locked: 'early-access' })
    expect(await page(visitor, '/vlog')).toContain('data-badge="Early access"')
    expect((await getFile(video.file, asBrowser(member.cookie, { range: 'bytes=0-99' }))).status).toBe(403)
    expect((await getFile(video.file, asBrowser(premium.cookie, { range: 'bytes=0-99' }))).status).toBe(206)
  })
})

describe('at its time', () => {
  it('opens by itself on every door, with no cache serving the old lock', async () => {
    // Every door above was read (and cached) while locked; these again, moments before the opening.
    expect(await page(visitor, `/post/${post.slug}`)).toContain('data-testid="early-access-teaser"')
    expect((await member.get(`/api/blog-posts/${post.id}`)).body.locked).toBe('early-access')
    expect((await member.get(`/api/videos/${video.videoId}`)).body.locked).toBe('early-access')
    expect(Date.now()).toBeLessThan(opensAt)
    await new Promise((resolve) => setTimeout(resolve, opensAt - Date.now() + 50))

    const html = await page(visitor, `/post/${post.slug}`)
    expect(html).toContain(secret)
    expect(html).not.toContain('data-testid="early-access-teaser"')
    expect(await page(visitor, '/blog')).not.toContain('data-badge="Early access"')
    expect((await member.get(`/api/blog-posts/${post.id}`)).body).toMatchObject({ locked: null, content: expect.stringContaining(secret) })
    expect((await member.get(`/api/blog-posts?search=${secret}`)).body.totalDocs).toBe(1)
    expect((await member.get(`/cms/api/posts/${post.id}`)).body.content).toBeTruthy()

    expect(await page(member, `/video/${video.videoId}`)).not.toContain('data-testid="premium-lock"')
    expect((await member.get(`/api/videos/${video.videoId}`)).body).toMatchObject({ videoUrl: video.file, locked: null })
    expect((await getFile(video.file, asBrowser(member.cookie, { range: 'bytes=0-99' }))).status).toBe(206)
    expect((await getFile(video.file, { range: 'bytes=0-99' })).status).toBe(206)
    expect(await text('/sitemap.xml')).toContain(video.file)
  })
})

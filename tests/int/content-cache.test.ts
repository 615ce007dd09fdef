// The shared content cache (cms/services/cache) and the session lookup cache: every read below
// is made twice first, so the caches hold it, then the content or the account changes through
// the API, and the very next request must show the change. Drafts and premium files never reach
// anyone through a result cached for someone else.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient, isoDateYearsAgo, registerMember } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'
import { premiumMember, SEEDED, signedInAdmin } from './videos-helpers'

const baseUrl = inject('baseUrl')
restoreContentAfterAll(baseUrl, inject('admin'))

const tag = () => randomBytes(4).toString('hex')
const visitor = () => new ApiClient(baseUrl)
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

let admin: ApiClient
let member: ApiClient
let categoryId: number

beforeAll(async () => {
  admin = await signedInAdmin()
  member = (await registerMember(baseUrl)).client
  categoryId = (await visitor().get('/api/categories')).body[0].id
})

/** Everyone who reads through the caches: a member (their own session) and a fresh visitor. */
const readers = () => [
  ['member', member],
  ['visitor', visitor()],
] as const

const text = async (client: ApiClient, path: string) => {
  const res = await client.get(path)
  return { status: res.status, body: typeof res.body === 'string' ? res.body : JSON.stringify(res.body) }
}

/** Reads each path twice as a member and as a visitor, so both caches hold it. */
async function warm(...paths: string[]) {
  for (const [, client] of readers()) {
    for (const path of paths) {
      await client.get(path)
      await client.get(path)
    }
  }
}

async function createPost(overrides: Record<string, unknown> = {}) {
  const t = tag()
  const res = await admin.post('/api/blog-posts', { title: `Cache probe ${t}`, content: `Body of cache probe ${t}.`, categoryId, status: 'published', ...overrides })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: number; slug: string; title: string }
}

const postListTitles = async (client: ApiClient) =>
  ((await client.get('/api/blog-posts?limit=6&status=published')).body.posts as { title: string }[]).map((p) => p.title)

describe('posts: an admin change shows on the next request', () => {
  it('an edit (site API, then Payload REST) shows at once on the post page, /blog, the home page and the API', async () => {
    const post = await createPost()
    const paths = [`/post/${post.slug}`, '/blog', '/', '/api/blog-posts?limit=6&status=published']
    await warm(...paths)
    const renamed = `Renamed probe ${tag()}`
    expect((await admin.request('PUT', `/api/blog-posts/${post.id}`, { title: renamed })).status).toBe(200)
    for (const [who, client] of readers()) {
      for (const path of paths.slice(0, 3)) expect((await text(client, path)).body, `${who} ${path}`).toContain(escapeHtml(renamed))
      expect(await postListTitles(client), who).toContain(renamed)
    }
    await warm(...paths)
    const again = `Renamed in the CMS ${tag()}`
    expect((await admin.patch(`/cms/api/posts/${post.id}`, { title: again })).status).toBe(200)
    for (const [who, client] of readers()) {
      for (const path of paths.slice(0, 3)) expect((await text(client, path)).body, `${who} ${path}`).toContain(escapeHtml(again))
      expect(await postListTitles(client), who).toContain(again)
    }
  })

  it('a new post appears at once in the lists', async () => {
    await warm('/blog', '/', '/api/blog-posts?limit=6&status=published')
    const post = await createPost()
    for (const [who, client] of readers()) {
      expect((await text(client, '/blog')).body, who).toContain(escapeHtml(post.title))
      expect((await text(client, '/')).body, who).toContain(escapeHtml(post.title))
      expect(await postListTitles(client), who).toContain(post.title)
      expect((await client.get(`/post/${post.slug}`)).status, who).toBe(200)
    }
  })

  it('an unpublished post is gone at once, and its draft never reaches a member or a visitor', async () => {
    const post = await createPost()
    const page = `/post/${post.slug}`
    await warm(page, '/blog', '/api/blog-posts?limit=6&status=published')
    expect((await admin.request('PUT', `/api/blog-posts/${post.id}`, { status: 'draft', title: `${post.title} draft` })).status).toBe(200)
    // The admin reads the draft (never cached for anyone else)…
    for (let i = 0; i < 2; i++) expect((await admin.get(page)).status).toBe(200)
    expect((await admin.get('/api/blog-posts?limit=6')).body.posts.map((p: { id: number }) => p.id)).toContain(post.id)
    // …and everyone else gets a 404 and lists without it.
    for (const [who, client] of readers()) {
      for (let i = 0; i < 2; i++) expect((await client.get(page)).status, who).toBe(404)
      expect((await text(client, '/blog')).body, who).not.toContain(escapeHtml(post.title))
      expect(await postListTitles(client), who).not.toContain(`${post.title} draft`)
      expect((await client.get(`/api/blog-posts/slug/${post.slug}`)).status, who).toBe(404)
    }
    expect((await member.get('/api/blog-posts?status=draft')).status).toBe(403)
    // Published again: back at once.
    expect((await admin.request('PUT', `/api/blog-posts/${post.id}`, { status: 'published' })).status).toBe(200)
    for (const [who, client] of readers()) expect((await client.get(page)).status, who).toBe(200)
  })

  it('a deleted post is gone at once', async () => {
    const post = await createPost()
    const page = `/post/${post.slug}`
    await warm(page, '/blog', '/api/blog-posts?limit=6&status=published')
    expect((await admin.request('DELETE', `/api/blog-posts/${post.id}`)).status).toBe(200)
    for (const [who, client] of readers()) {
      expect((await client.get(page)).status, who).toBe(404)
      expect((await text(client, '/blog')).body, who).not.toContain(escapeHtml(post.title))
      expect(await postListTitles(client), who).not.toContain(post.title)
    }
  })

  it('a renamed topic shows at once on the post cards and the filters', async () => {
    const created = await admin.post('/api/categories', { name: `Probe topic ${tag()}` })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const post = await createPost({ categoryId: created.body.id })
    await warm('/blog', `/post/${post.slug}`, '/api/categories?withPostCount=true')
    const name = `Renamed topic ${tag()}`
    expect((await admin.request('PUT', `/api/categories/${created.body.id}`, { name })).status).toBe(200)
    for (const [who, client] of readers()) {
      expect((await text(client, '/blog')).body, who).toContain(escapeHtml(name))
      expect((await text(client, `/post/${post.slug}`)).body, who).toContain(escapeHtml(name))
      expect((await client.get('/api/categories?withPostCount=true')).body.map((c: { name: string }) => c.name), who).toContain(name)
    }
  })
})

describe('videos: an admin change shows on the next request', () => {
  it('a video created, renamed and deleted through Payload REST', async () => {
    await warm('/api/videos?limit=24&page=1', '/', '/vlog')
    const videoId = `cacheprobe${tag()}`
    const created = await admin.post('/cms/api/videos', { videoId, title: `Cache probe video ${tag()}`, publishedAt: new Date().toISOString(), source: 'youtube' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.doc.id as number
    try {
      for (const [who, client] of readers()) {
        expect((await client.get('/api/videos?limit=24&page=1')).body.videos[0].videoId, who).toBe(videoId)
        expect((await text(client, '/')).body, who).toContain(`/video/${videoId}`)
        expect((await client.get(`/video/${videoId}`)).status, who).toBe(200)
      }
      await warm(`/video/${videoId}`, `/api/videos/${videoId}`)
      const title = `Renamed probe video ${tag()}`
      expect((await admin.patch(`/cms/api/videos/${id}`, { title })).status).toBe(200)
      for (const [who, client] of readers()) {
        expect((await text(client, `/video/${videoId}`)).body, who).toContain(escapeHtml(title))
        expect((await client.get(`/api/videos/${videoId}`)).body.title, who).toBe(title)
        expect((await client.get('/api/videos?limit=24&page=1')).body.videos[0].title, who).toBe(title)
      }
      await warm(`/video/${videoId}`, `/api/videos/${videoId}`)
    } finally {
      expect((await admin.request('DELETE', `/cms/api/videos/${id}`)).status).toBe(200)
    }
    for (const [who, client] of readers()) {
      expect((await client.get(`/video/${videoId}`)).status, who).toBe(404)
      expect((await client.get(`/api/videos/${videoId}`)).status, who).toBe(404)
      expect((await client.get('/api/videos?limit=24&page=1')).body.videos.map((v: { videoId: string }) => v.videoId), who).not.toContain(videoId)
    }
  })
})

describe('premium files never cross audiences', () => {
  let fileUrl: string
  beforeAll(async () => {
    const res = await admin.get(`/cms/api/videos?depth=0&where[videoId][equals]=${SEEDED.premiumManual}`)
    fileUrl = res.body.docs[0].videoUrl
    expect(fileUrl).toMatch(/^\/media\//)
  })

  const sees = async (client: ApiClient) => {
    const api = await client.get(`/api/videos/${SEEDED.premiumManual}`)
    const page = await text(client, `/video/${SEEDED.premiumManual}`)
    expect(api.status).toBe(200)
    return { api: api.body.videoUrl as string | null, page: page.body.includes(fileUrl), locked: page.body.includes('data-testid="premium-lock"') }
  }

  it('a premium member’s cached result never reaches a member or a visitor, whichever reads first', async () => {
    const premium = (await premiumMember()).client
    for (let i = 0; i < 2; i++) expect(await sees(premium)).toEqual({ api: fileUrl, page: true, locked: false })
    for (const [who, client] of readers()) {
      for (let i = 0; i < 2; i++) expect(await sees(client), who).toEqual({ api: null, page: false, locked: true })
    }
    expect(await sees(premium)).toEqual({ api: fileUrl, page: true, locked: false })
  })

  it('a member made premium gets the file on the next request, and loses it on the next one after', async () => {
    const { client, user } = await registerMember(baseUrl)
    for (let i = 0; i < 2; i++) expect((await sees(client)).api).toBeNull()
    expect((await admin.patch(`/cms/api/users/${user.id}`, { isPremium: true })).status).toBe(200)
    expect(await sees(client)).toEqual({ api: fileUrl, page: true, locked: false })
    expect(await sees(client)).toEqual({ api: fileUrl, page: true, locked: false })
    expect((await admin.patch(`/cms/api/users/${user.id}`, { isPremium: false })).status).toBe(200)
    expect(await sees(client)).toEqual({ api: null, page: false, locked: true })
  })
})

describe('remembered sessions end with the session', () => {
  const me = (cookie: string | null) => {
    const client = new ApiClient(baseUrl)
    client.cookie = cookie
    return client.get('/api/auth/me')
  }

  it('logging out on the site or through Payload REST ends the old cookie at once', async () => {
    for (const logoutPath of ['/api/auth/logout', '/cms/api/users/logout']) {
      const { client } = await registerMember(baseUrl)
      const cookie = client.cookie
      for (let i = 0; i < 2; i++) expect((await me(cookie)).status, logoutPath).toBe(200)
      expect((await client.post(logoutPath)).status, logoutPath).toBe(200)
      expect((await me(cookie)).status, logoutPath).toBe(401)
    }
  })

  it('failed sign-ins from a stranger hold back only the stranger: the open session is kept', async () => {
    // Failures count per account and address (cms/services/auth/login-throttle.ts): after
    // LOGIN_MAX_ATTEMPTS the guessing address waits, even with the right password, while the
    // member's own session is untouched.
    const { client, username, password } = await registerMember(baseUrl)
    const cookie = client.cookie
    for (let i = 0; i < 2; i++) expect((await me(cookie)).status).toBe(200)
    const stranger = new ApiClient(baseUrl)
    for (let i = 0; i < 5; i++) expect((await stranger.post('/api/auth/login', { username, password: `wrong-${i}-password` })).status).toBe(401)
    expect((await stranger.post('/api/auth/login', { username, password })).status).toBe(429)
    expect((await me(cookie)).status).toBe(200)
  })

  it('a new role, an age verification or a deleted account shows on the next request', async () => {
    const { client, user } = await registerMember(baseUrl)
    for (let i = 0; i < 2; i++) expect((await client.get('/api/auth/me')).body).toMatchObject({ isModerator: false, isVerified: false })
    expect((await admin.patch(`/cms/api/users/${user.id}`, { isModerator: true })).status).toBe(200)
    expect((await client.get('/api/auth/me')).body.isModerator).toBe(true)
    expect((await client.post('/api/auth/verify-age', { dateOfBirth: isoDateYearsAgo(25) })).status).toBe(200)
    expect((await client.get('/api/auth/me')).body.isVerified).toBe(true)
    expect((await admin.request('DELETE', `/cms/api/users/${user.id}`)).status).toBe(200)
    expect((await client.get('/api/auth/me')).status).toBe(401)
  })
})

describe('announcements and site settings', () => {
  it('a new announcement shows at once, and one that expires is gone when it expires', async () => {
    const ids = (c: ApiClient) => c.get('/api/announcements?active=true').then((r) => (r.body as { id: number }[]).map((a) => a.id))
    await warm('/api/announcements?active=true', '/')
    const title = `Expiring probe ${tag()}`
    const expiresAt = new Date(Date.now() + 3000).toISOString()
    const created = await admin.post('/api/announcements', { title, content: 'Soon gone.', type: 'general', expiresAt })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(await ids(member)).toContain(created.body.id)
    expect((await text(member, '/')).body).toContain(escapeHtml(title))
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(expiresAt) - Date.now()) + 100))
    // Members read through the content cache, which keeps the list no longer than its first expiry.
    expect(await ids(member)).not.toContain(created.body.id)
    expect((await text(member, '/')).body).not.toContain(escapeHtml(title))
  })

  it('a new site name shows in the feeds at once', async () => {
    const before = (await admin.get('/cms/api/globals/site-settings?depth=0')).body.siteName as string
    await warm('/rss.xml')
    const siteName = `Probe Site ${tag()}`
    try {
      expect((await admin.request('POST', '/cms/api/globals/site-settings', { siteName })).status).toBe(200)
      for (const [who, client] of readers()) expect((await text(client, '/rss.xml')).body, who).toContain(siteName)
    } finally {
      await admin.request('POST', '/cms/api/globals/site-settings', { siteName: before })
    }
  })
})

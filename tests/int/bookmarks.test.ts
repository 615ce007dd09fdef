// SPEC §2 /bookmarks, §3 Bookmark, §5 (sign-in required), §7 Bookmarks, §8 ('already bookmarked').
import { describe, expect, inject, it } from 'vitest'

import { posts } from '../../cms/seed/fixtures/posts'
import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'

const baseUrl = inject('baseUrl')

const video = videos.find((v) => !v.isPremium)!
const post = posts.find((p) => p.status === 'published')!
const draft = posts.find((p) => p.status === 'draft')!

const videoKey = { contentType: 'video', contentId: video.videoId }
const postKey = { contentType: 'blog_post', contentId: post.slug }
const check = (key: { contentType: string; contentId: string }) => `/api/bookmarks/check/${key.contentType}/${encodeURIComponent(key.contentId)}`
const item = (key: { contentType: string; contentId: string }) => `/api/bookmarks/${key.contentType}/${encodeURIComponent(key.contentId)}`

describe('bookmarks', () => {
  it('save a video: title and thumbnail come from the video, not the body; check, list, remove', async () => {
    const { client, user } = await registerMember(baseUrl)
    expect((await client.get(check(videoKey))).body).toEqual({ isBookmarked: false })

    const res = await client.post('/api/bookmarks', { ...videoKey, title: 'Forged title', thumbnailUrl: 'https://evil.example/x.png' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ userId: user.id, ...videoKey, title: video.title })
    expect(res.body.thumbnailUrl).toContain(video.videoId)
    expect(typeof res.body.createdAt).toBe('string')

    expect((await client.get(check(videoKey))).body).toEqual({ isBookmarked: true })
    const list = await client.get('/api/bookmarks')
    expect(list.status).toBe(200)
    // The POST answer adds the points the save earned (award); the list has the bookmark alone.
    const { award, ...saved } = res.body
    expect(award).toMatchObject({ pointsAwarded: expect.any(Number), levelUp: expect.any(Boolean) })
    expect(list.body).toEqual([saved])

    const removed = await client.request('DELETE', item(videoKey))
    expect(removed.status).toBe(200)
    expect((await client.get(check(videoKey))).body).toEqual({ isBookmarked: false })
    expect((await client.get('/api/bookmarks')).body).toEqual([])
    expect((await client.request('DELETE', item(videoKey))).status).toBe(404)
  })

  it('save a post by slug; newest first in the list', async () => {
    const { client } = await registerMember(baseUrl)
    await client.post('/api/bookmarks', { ...videoKey, title: video.title })
    const res = await client.post('/api/bookmarks', { ...postKey, title: post.title, thumbnailUrl: null })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ ...postKey, title: post.title })
    const list = await client.get('/api/bookmarks')
    expect(list.body.map((b: { contentId: string }) => b.contentId)).toEqual([post.slug, video.videoId])
  })

  it("a duplicate answers 'already bookmarked' (409); concurrent clicks leave exactly one row", async () => {
    const { client } = await registerMember(baseUrl)
    const results = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/bookmarks', { ...postKey, title: 'x' })))
    const statuses = results.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(9)
    expect(results.find((r) => r.status === 409)!.body.error).toMatch(/already bookmarked/)
    expect((await client.get('/api/bookmarks')).body).toHaveLength(1)
  })

  it('items must exist and be readable: unknown ids and draft posts are 404; bad keys 400', async () => {
    const { client } = await registerMember(baseUrl)
    expect((await client.post('/api/bookmarks', { contentType: 'video', contentId: 'no_such_video', title: 'x' })).status).toBe(404)
    expect((await client.post('/api/bookmarks', { contentType: 'blog_post', contentId: 'no-such-post', title: 'x' })).status).toBe(404)
    expect((await client.post('/api/bookmarks', { contentType: 'blog_post', contentId: draft.slug, title: 'x' })).status).toBe(404)
    const badType = await client.post('/api/bookmarks', { contentType: 'podcast', contentId: 'x', title: 'x' })
    expect(badType.status).toBe(400)
    expect((await client.post('/api/bookmarks', { contentType: 'video', contentId: '', title: 'x' })).status).toBe(400)
    expect((await client.get('/api/bookmarks/check/podcast/x')).status).toBe(400)
  })

  it('visitors get 401 everywhere: sign-in required', async () => {
    const visitor = new ApiClient(baseUrl)
    expect((await visitor.get('/api/bookmarks')).status).toBe(401)
    expect((await visitor.get(check(videoKey))).status).toBe(401)
    const add = await visitor.post('/api/bookmarks', { ...videoKey, title: 'x' })
    expect(add.status).toBe(401)
    expect(add.body.error).toBeTruthy()
    expect((await visitor.request('DELETE', item(videoKey))).status).toBe(401)
  })

  it("a member sees and changes only their own: A cannot list or delete B's bookmark", async () => {
    const a = await registerMember(baseUrl)
    const b = await registerMember(baseUrl)
    const saved = await b.client.post('/api/bookmarks', { ...postKey, title: post.title })
    expect(saved.status).toBe(201)
    expect((await a.client.get('/api/bookmarks')).body).toEqual([])
    expect((await a.client.get(check(postKey))).body).toEqual({ isBookmarked: false })
    expect((await a.client.request('DELETE', item(postKey))).status).toBe(404)
    // Payload's REST API does not open a side door either.
    expect([403, 404]).toContain((await a.client.request('DELETE', `/cms/api/bookmarks/${saved.body.id}`)).status)
    expect((await a.client.get(`/cms/api/bookmarks/${saved.body.id}`)).status).toBe(404)
    expect((await a.client.post('/cms/api/bookmarks', { user: b.user.id, ...videoKey, title: 'x' })).status).toBe(403)
    expect((await b.client.get('/api/bookmarks')).body.map((x: { id: number }) => x.id)).toEqual([saved.body.id])
    // A's own bookmark of the same item is separate.
    expect((await a.client.post('/api/bookmarks', { ...postKey, title: post.title })).status).toBe(201)
  })

  it('the /bookmarks page asks visitors to sign in, and lists a member\'s items', async () => {
    const visitorPage = await fetch(`${baseUrl}/bookmarks`)
    expect(visitorPage.status).toBe(401)
    expect(await visitorPage.text()).toContain('Sign In Required')

    const { client } = await registerMember(baseUrl)
    // A browser's own navigation: Payload takes the session cookie only with Sec-Fetch-Site or Origin.
    const asBrowser = { cookie: client.cookie!, 'sec-fetch-site': 'none' }
    const empty = await fetch(`${baseUrl}/bookmarks`, { headers: asBrowser })
    const emptyHtml = await empty.text()
    expect(emptyHtml).toContain('No Bookmarks Yet')
    expect(emptyHtml).toContain('href="/vlog"')
    expect(emptyHtml).toContain('href="/blog"')

    await client.post('/api/bookmarks', { ...videoKey, title: video.title })
    const html = await (await fetch(`${baseUrl}/bookmarks`, { headers: asBrowser })).text()
    expect(html).toContain(`href="/video/${video.videoId}"`)
    expect(html).toContain('Saved Just now')
  })
})

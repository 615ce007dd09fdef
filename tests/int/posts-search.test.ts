// Full-text search of posts (GET /api/blog-posts?search=, /blog?search=): PostgreSQL tsvector
// ranked by ts_rank with title > excerpt > body, combined with category, status and pagination.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { PAGE_SIZES } from '../../shared/constants'
import { ApiClient } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

restoreContentAfterAll(baseUrl, admin)
const visitor = () => new ApiClient(baseUrl)

// A word no seeded post contains (letters only, so the English stemmer leaves it whole).
const word = `quillvane${randomBytes(3).toString('hex').replace(/\d/g, 'q')}`
const titles = (res: { body: { posts: { title: string }[] } }) => res.body.posts.map((p) => p.title)

let adminClient: ApiClient
let categoryId: number
let otherCategoryId: number

beforeAll(async () => {
  adminClient = new ApiClient(baseUrl)
  expect((await adminClient.post('/api/auth/login', admin)).status).toBe(200)
  const suffix = randomBytes(3).toString('hex')
  const make = async (name: string) => (await adminClient.post('/api/categories', { name: `${name} ${suffix}` })).body.id as number
  categoryId = await make('Search A')
  otherCategoryId = await make('Search B')

  // Created oldest to newest: rank must beat recency.
  const posts = [
    { title: 'Body Only Match', content: `Somewhere deep in the text the word ${word} appears once.`, excerpt: 'Nothing here.' },
    { title: 'Excerpt Match', content: 'Plain body.', excerpt: `A summary that names ${word}.` },
    { title: `The ${word} Title Match`, content: 'Plain body.', excerpt: 'Nothing here either.' },
    { title: 'Other Category Body Match', content: `Mentions ${word} too.`, excerpt: 'Nothing.', categoryId: otherCategoryId },
    { title: 'Draft Title Match', content: `${word} in a draft.`, excerpt: 'Draft.', status: 'draft' },
  ]
  // Created in reverse so the body-only match is the newest post.
  for (const post of posts.reverse()) {
    const res = await adminClient.post('/api/blog-posts', { status: 'published', categoryId, ...post })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
})

describe('GET /api/blog-posts?search=', () => {
  it('ranks a title match above an excerpt match above a body-only match', async () => {
    const res = await visitor().get(`/api/blog-posts?search=${word}&categoryId=${categoryId}`)
    expect(res.status).toBe(200)
    expect(titles(res)).toEqual([`The ${word} Title Match`, 'Excerpt Match', 'Body Only Match'])
    expect(res.body).toMatchObject({ page: 1, totalDocs: 3, totalPages: 1 })
  })

  it('searches every category without a filter, never drafts for visitors, drafts too for the admin', async () => {
    const all = await visitor().get(`/api/blog-posts?search=${word}`)
    expect(all.body.totalDocs).toBe(4)
    expect(titles(all)).toContain('Other Category Body Match')
    expect(titles(all)).not.toContain('Draft Title Match')
    const asAdmin = await adminClient.get(`/api/blog-posts?search=${word}`)
    expect(asAdmin.body.totalDocs).toBe(5)
    const draftsOnly = await adminClient.get(`/api/blog-posts?search=${word}&status=draft`)
    expect(titles(draftsOnly)).toEqual(['Draft Title Match'])
  })

  it('pages through ranked results', async () => {
    const first = await visitor().get(`/api/blog-posts?search=${word}&categoryId=${categoryId}&limit=2`)
    const second = await visitor().get(`/api/blog-posts?search=${word}&categoryId=${categoryId}&limit=2&page=2`)
    expect(first.body).toMatchObject({ totalDocs: 3, totalPages: 2, page: 1 })
    expect(titles(first)).toEqual([`The ${word} Title Match`, 'Excerpt Match'])
    expect(titles(second)).toEqual(['Body Only Match'])
  })

  it('finds seeded posts by words only their body contains', async () => {
    // 'glucose' appears only in the body of the seeded health fair post.
    const res = await visitor().get('/api/blog-posts?search=glucose')
    expect(titles(res)).toContain('Free Health Fair Draws Hundreds for Screenings, Vaccines and Conversation')
  })

  it('treats an empty or whitespace search as no filter', async () => {
    const none = await visitor().get('/api/blog-posts?limit=100')
    for (const q of ['', '%20%20%20']) {
      const res = await visitor().get(`/api/blog-posts?limit=100&search=${q}`)
      expect(res.status).toBe(200)
      expect(res.body.totalDocs).toBe(none.body.totalDocs)
    }
  })

  it('accepts anything a person types, without errors or SQL injection', async () => {
    for (const q of [`"${word} title"`, `${word} -title`, `${word} or nothing`, "'; drop table posts; --", '!!! ((( :* &|', 'the and of']) {
      const res = await visitor().get(`/api/blog-posts?search=${encodeURIComponent(q)}`)
      expect(res.status, q).toBe(200)
      expect(Array.isArray(res.body.posts), q).toBe(true)
    }
    const phrase = await visitor().get(`/api/blog-posts?search=${encodeURIComponent(`"the ${word} title"`)}`)
    expect(titles(phrase)).toEqual([`The ${word} Title Match`])
    const excluded = await visitor().get(`/api/blog-posts?search=${encodeURIComponent(`${word} -title`)}&categoryId=${categoryId}`)
    expect(titles(excluded).sort()).toEqual(['Body Only Match', 'Excerpt Match'])
    expect((await visitor().get('/api/blog-posts?limit=1')).status).toBe(200)
  })

  it('keeps the index up to date when a post changes', async () => {
    const fresh = `${word}fresh`
    const post = (await adminClient.post('/api/blog-posts', { title: 'Changing Post', content: 'Nothing special.', status: 'published' })).body
    expect((await visitor().get(`/api/blog-posts?search=${fresh}`)).body.totalDocs).toBe(0)
    await adminClient.request('PUT', `/api/blog-posts/${post.id}`, { content: `Now it says ${fresh}.` })
    expect(titles(await visitor().get(`/api/blog-posts?search=${fresh}`))).toEqual(['Changing Post'])
  })
})

describe('/blog?search=', () => {
  it('shows the ranked results and keeps the search in the filter links', async () => {
    const res = await visitor().get(`/blog?search=${word}&category=${categoryId}`)
    expect(res.status).toBe(200)
    const html: string = res.body
    const order = [`The ${word} Title Match`, 'Excerpt Match', 'Body Only Match'].map((t) => html.indexOf(t))
    expect(order.every((i) => i > 0)).toBe(true)
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(html).toContain(`href="/blog?search=${word}"`)
    expect(html).toContain(`value="${word}"`)
  })

  it('sends an old link past the last page to the last page, filters kept (as /vlog does)', async () => {
    const { totalPages } = (await visitor().get(`/api/blog-posts?status=published&limit=${PAGE_SIZES.news}`)).body
    const res = await visitor().get('/blog?page=99')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(totalPages > 1 ? `/blog?page=${totalPages}` : '/blog')
    const categoryId = (await visitor().get('/api/categories')).body[0].id
    const filtered = await visitor().get(`/blog?category=${categoryId}&page=99`)
    expect(filtered.status).toBe(302)
    expect(filtered.headers.get('location')).toMatch(new RegExp(`^/blog\\?category=${categoryId}(&page=\\d+)?$`))
  })

  it('never fails on odd input', async () => {
    for (const path of [`/blog?search=${'a'.repeat(5000)}`, '/blog?category=abc&page=-3', '/blog?category=99999999999', '/blog?page=99999999999999999999']) {
      const res = await visitor().get(path)
      expect([200, 302], path).toContain(res.status)
    }
    const unknown = await visitor().get('/blog?category=999999')
    expect(unknown.body).toMatch(/No posts found matching your criteria\./)
  })
})

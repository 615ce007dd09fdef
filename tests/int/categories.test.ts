// SPEC §7 Content (categories), §3 Category, §5 Category: list with published post counts,
// admin-only writes, derived slugs, preset colours, slug clashes and deleting a category in use.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { CATEGORY_COLOR_PRESETS, DEFAULT_CATEGORY_COLOR } from '../../shared/constants'
import { ApiClient, registerMember } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

restoreContentAfterAll(baseUrl, admin)
const visitor = () => new ApiClient(baseUrl)
const tag = () => randomBytes(4).toString('hex')

let adminClient: ApiClient

beforeAll(async () => {
  adminClient = new ApiClient(baseUrl)
  expect((await adminClient.post('/api/auth/login', admin)).status).toBe(200)
})

async function createCategory(body: Record<string, unknown> = {}) {
  const res = await adminClient.post('/api/categories', { name: `Topic ${tag()}`, ...body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('GET /api/categories', () => {
  it('lists every category in creation order, the seeded topics first', async () => {
    const res = await visitor().get('/api/categories')
    expect(res.status).toBe(200)
    expect(res.body.slice(0, 5).map((c: { slug: string }) => c.slug)).toEqual(['headlines', 'world-news', 'community', 'justice', 'commentary'])
    expect(Object.keys(res.body[0]).sort()).toEqual(['color', 'createdAt', 'description', 'id', 'name', 'slug'])
  })

  it('withPostCount=true adds postCount: published posts only', async () => {
    const category = await createCategory()
    for (const status of ['published', 'published', 'draft']) {
      const res = await adminClient.post('/api/blog-posts', { title: `Counted ${tag()}`, content: 'x', categoryId: category.id, status })
      expect(res.status).toBe(201)
    }
    const res = await visitor().get('/api/categories?withPostCount=true')
    const found = res.body.find((c: { id: number }) => c.id === category.id)
    expect(found.postCount).toBe(2)
    const headlines = res.body.find((c: { slug: string }) => c.slug === 'headlines')
    const posts = await visitor().get(`/api/blog-posts?categoryId=${headlines.id}&limit=100`)
    expect(headlines.postCount).toBe(posts.body.totalDocs)
  })

  it('answers a bad flag with a 400', async () => {
    const res = await visitor().get('/api/categories?withPostCount=maybe')
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('withPostCount must be true or false')
  })
})

describe('POST, PUT and DELETE /api/categories', () => {
  it('creates with a slug made from the name and the default colour', async () => {
    const t = tag()
    const res = await adminClient.post('/api/categories', { name: `Arts & Culture ${t}`, description: 'Music, film and books.' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: `Arts & Culture ${t}`, slug: `arts-culture-${t}`, color: DEFAULT_CATEGORY_COLOR, description: 'Music, film and books.' })
  })

  it('accepts each of the 8 preset colours and nothing else', async () => {
    expect(CATEGORY_COLOR_PRESETS).toHaveLength(8)
    const category = await createCategory({ color: CATEGORY_COLOR_PRESETS[4] })
    expect(category.color).toBe(CATEGORY_COLOR_PRESETS[4])
    for (const color of ['#123456', 'red', '']) {
      const res = await adminClient.post('/api/categories', { name: `Bad ${tag()}`, color })
      expect(res.status, color).toBe(400)
      expect(res.body.error).toBe('Please choose one of the preset colors')
    }
  })

  it('updates the fields it is given', async () => {
    const category = await createCategory()
    const t = tag()
    const res = await adminClient.request('PUT', `/api/categories/${category.id}`, { name: 'Renamed', slug: `renamed-${t}`, color: CATEGORY_COLOR_PRESETS[1] })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: category.id, name: 'Renamed', slug: `renamed-${t}`, color: CATEGORY_COLOR_PRESETS[1], description: category.description })
  })

  it('an emptied description is cleared (the /admin form sends it as it stands)', async () => {
    const category = await createCategory({ description: 'Soon gone.' })
    const res = await adminClient.request('PUT', `/api/categories/${category.id}`, { name: category.name, description: '' })
    expect(res.status).toBe(200)
    expect(res.body.description).toBeNull()
    const kept = await adminClient.request('PUT', `/api/categories/${category.id}`, { description: 'Back.' })
    expect((await adminClient.request('PUT', `/api/categories/${category.id}`, { name: 'No description sent' })).body.description).toBe('Back.')
    expect(kept.status).toBe(200)
  })

  it('slug clash: 409 on create and update', async () => {
    const a = await createCategory()
    const b = await createCategory()
    const create = await adminClient.post('/api/categories', { name: 'Anything', slug: a.slug })
    expect(create.status).toBe(409)
    expect(create.body.error).toMatch(/already exists/)
    expect((await adminClient.post('/api/categories', { name: a.name })).status).toBe(409)
    expect((await adminClient.request('PUT', `/api/categories/${b.id}`, { slug: a.slug })).status).toBe(409)
  })

  it('bad input gets a clear 400, a missing category 404', async () => {
    expect((await adminClient.post('/api/categories', {})).body.error).toBe('Name is required')
    expect((await adminClient.post('/api/categories', { name: 'x', slug: 'Bad Slug' })).status).toBe(400)
    expect((await adminClient.request('PUT', '/api/categories/abc', { name: 'x' })).status).toBe(400)
    expect((await adminClient.request('PUT', '/api/categories/999999', { name: 'x' })).status).toBe(404)
    expect((await adminClient.request('DELETE', '/api/categories/999999')).status).toBe(404)
  })

  it('refuses to delete a category that still has posts (409), deletes an empty one', async () => {
    const category = await createCategory()
    const post = (await adminClient.post('/api/blog-posts', { title: `Filed ${tag()}`, content: 'x', categoryId: category.id, status: 'draft' })).body
    const refused = await adminClient.request('DELETE', `/api/categories/${category.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe(`The category "${category.name}" still has 1 post. Move or delete it first.`)
    // The same rule holds through Payload REST (the admin UI's path).
    expect((await adminClient.request('DELETE', `/cms/api/categories/${category.id}`)).status).toBe(409)
    expect((await visitor().get(`/api/blog-posts/${post.id}`)).status).toBe(404) // a draft, still there for the admin:
    expect((await adminClient.get(`/api/blog-posts/${post.id}`)).body.categoryId).toBe(category.id)
    await adminClient.request('DELETE', `/api/blog-posts/${post.id}`)
    const res = await adminClient.request('DELETE', `/api/categories/${category.id}`)
    expect(res.status).toBe(200)
    expect((await visitor().get('/api/categories')).body.some((c: { id: number }) => c.id === category.id)).toBe(false)
  })

  it('writes are admin-only: 401 signed out, 403 for a member', async () => {
    const category = await createCategory()
    const { client: member } = await registerMember(baseUrl)
    for (const [client, status] of [[visitor(), 401], [member, 403]] as const) {
      expect((await client.post('/api/categories', { name: 'Nope' })).status).toBe(status)
      expect((await client.request('PUT', `/api/categories/${category.id}`, { name: 'Nope' })).status).toBe(status)
      expect((await client.request('DELETE', `/api/categories/${category.id}`)).status).toBe(status)
    }
  })
})

describe('/categories page', () => {
  it('shows topic cards with counts and View All links, and sections of recent posts', async () => {
    const res = await visitor().get('/categories')
    expect(res.status).toBe(200)
    const html: string = res.body
    const categories = (await visitor().get('/api/categories?withPostCount=true')).body as { id: number; slug: string }[]
    const headlines = categories.find((c) => c.slug === 'headlines')!
    expect(html).toContain(`data-topic-card="headlines"`)
    expect(html).toContain(`href="/blog?category=${headlines.id}"`)
    expect(html).toContain('data-topic-icon="justice"')
    expect(html).toMatch(/>View All</)
  })

  it("shows 'View All {name} Posts' on a section exactly when it shows 3 posts", async () => {
    // The newest posts: a topic with exactly 3 (a full section, nothing more to see) and one with 1.
    const full = await createCategory()
    const short = await createCategory()
    for (const categoryId of [full.id, full.id, full.id, short.id]) {
      expect((await adminClient.post('/api/blog-posts', { title: `Sectioned ${tag()}`, content: 'x', categoryId, status: 'published' })).status).toBe(201)
    }
    const html: string = (await visitor().get('/categories')).body
    const categories = (await visitor().get('/api/categories?withPostCount=true')).body as { id: number; name: string; slug: string; postCount: number }[]
    const sections = new Map([...html.matchAll(/<section[^>]*data-topic-section="([^"]+)"[\s\S]*?<\/section>/g)].map(([section, slug]) => [slug!, section]))
    expect(sections.has(full.slug) && sections.has(short.slug)).toBe(true)
    for (const [slug, section] of sections) {
      const category = categories.find((c) => c.slug === slug)!
      const posts = section.match(/\sdata-post-card(?=[\s>])/g)?.length ?? 0
      const link = section.includes(`View All ${category.name.replace(/&/g, '&amp;')} Posts`)
      expect(link, `${slug}: ${posts} shown of ${category.postCount}`).toBe(posts === 3)
      if (link) expect(section).toContain(`href="/blog?category=${category.id}"`)
    }
    expect(sections.get(full.slug)!.match(/\sdata-post-card(?=[\s>])/g)).toHaveLength(3)
    expect(sections.get(short.slug)!.match(/\sdata-post-card(?=[\s>])/g)).toHaveLength(1)
  })
})

// SPEC §7 Content (blog posts), §5 Blog post, §2 Post page: the /api/blog-posts routes, drafts
// hidden from visitors everywhere, admin-only writes, derived fields, slug clashes, bad input,
// the markdown round trip and the rendered, sanitised post page.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

restoreContentAfterAll(baseUrl, admin)
const tag = () => randomBytes(4).toString('hex')

async function signedInAdmin() {
  const client = new ApiClient(baseUrl)
  expect((await client.post('/api/auth/login', admin)).status).toBe(200)
  return client
}

const visitor = () => new ApiClient(baseUrl)

let adminClient: ApiClient
let categoryId: number

beforeAll(async () => {
  adminClient = await signedInAdmin()
  const categories = await visitor().get('/api/categories')
  categoryId = categories.body[0].id
})

async function createPost(overrides: Record<string, unknown> = {}) {
  const t = tag()
  const res = await adminClient.post('/api/blog-posts', {
    title: `Test Post ${t}`,
    content: `Body of test post ${t}. It has a few words.`,
    categoryId,
    status: 'published',
    ...overrides,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('GET /api/blog-posts', () => {
  it('answers a PostPage of published post summaries, newest first', async () => {
    const res = await visitor().get('/api/blog-posts?limit=6&status=published')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ page: 1, limit: 6 })
    expect(res.body.posts.length).toBe(6)
    expect(res.body.totalPages).toBe(Math.ceil(res.body.totalDocs / 6))
    const post = res.body.posts[0]
    expect(Object.keys(post).sort()).toEqual(
      ['id', 'title', 'slug', 'excerpt', 'status', 'readTime', 'categoryId', 'category', 'featuredImage', 'featuredImageSet', 'publishedAt', 'earlyAccessUntil', 'createdAt', 'updatedAt'].sort(),
    )
    expect(post.category).toEqual({ id: post.categoryId, name: expect.any(String), slug: expect.any(String), color: expect.stringMatching(/^#[0-9a-f]{6}$/) })
    expect(post).not.toHaveProperty('content')
    const dates = res.body.posts.map((p: { publishedAt: string }) => Date.parse(p.publishedAt))
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    expect(res.body.posts.every((p: { status: string }) => p.status === 'published')).toBe(true)
  })

  it('pages without overlap and filters by category', async () => {
    const first = await visitor().get('/api/blog-posts?limit=4&page=1')
    const second = await visitor().get('/api/blog-posts?limit=4&page=2')
    expect(second.body.page).toBe(2)
    const ids = new Set(first.body.posts.map((p: { id: number }) => p.id))
    expect(second.body.posts.some((p: { id: number }) => ids.has(p.id))).toBe(false)

    const filtered = await visitor().get(`/api/blog-posts?categoryId=${categoryId}&limit=100`)
    expect(filtered.status).toBe(200)
    expect(filtered.body.posts.length).toBeGreaterThan(0)
    expect(filtered.body.posts.every((p: { categoryId: number }) => p.categoryId === categoryId)).toBe(true)
  })

  it('clamps page and limit, and answers bad values with a clear 400 (never a 500)', async () => {
    const clamped = await visitor().get('/api/blog-posts?page=0&limit=10000')
    expect(clamped.status).toBe(200)
    expect(clamped.body).toMatchObject({ page: 1, limit: 100 })
    const nul = await visitor().get('/api/blog-posts?search=a%00b')
    expect(nul.status).toBe(200)
    expect((await visitor().get('/api/blog-posts/slug/a%00b')).status).toBe(404)
    expect((await visitor().get(`/api/blog-posts/slug/${'a'.repeat(5000)}`)).status).toBe(404)
    expect((await visitor().get('/post/a%00b')).status).toBe(404)
    const far = await visitor().get('/api/blog-posts?page=99999999999999999999')
    expect(far.status).toBe(200)
    expect(far.body.posts).toEqual([])

    const cases: [string, RegExp][] = [
      ['/api/blog-posts?categoryId=999999', /Category not found/],
      ['/api/blog-posts?categoryId=abc', /Category id must be a positive whole number/],
      ['/api/blog-posts?categoryId=99999999999', /Category id/],
      ['/api/blog-posts?status=archived', /Status must be draft or published/],
      [`/api/blog-posts?search=${'a'.repeat(5000)}`, /Search must be at most 200 characters/],
      ['/api/blog-posts/abc', /Post id must be a positive whole number/],
      ['/api/blog-posts/1.5', /Post id/],
      ['/api/blog-posts/99999999999', /Post id/],
    ]
    for (const [path, message] of cases) {
      const res = await visitor().get(path)
      expect(res.status, path).toBe(400)
      expect(res.body.error, path).toMatch(message)
    }
  })
})

describe('drafts are invisible to visitors and members on every route', () => {
  let draft: { id: number; slug: string; title: string }
  let member: ApiClient

  beforeAll(async () => {
    draft = await createPost({ status: 'draft', title: `Secret Draft ${tag()}` })
    member = (await registerMember(baseUrl)).client
  })

  it('lists: no status gives published only; status=draft is 401 signed out, 403 for a member', async () => {
    for (const client of [visitor(), member]) {
      const all = await client.get('/api/blog-posts?limit=100')
      expect(all.body.posts.some((p: { id: number }) => p.id === draft.id)).toBe(false)
      expect(all.body.posts.every((p: { status: string }) => p.status === 'published')).toBe(true)
    }
    const signedOut = await visitor().get('/api/blog-posts?status=draft')
    expect(signedOut.status).toBe(401)
    const asMember = await member.get('/api/blog-posts?status=draft')
    expect(asMember.status).toBe(403)
    const search = await visitor().get(`/api/blog-posts?search=${encodeURIComponent(draft.title)}`)
    expect(search.body.posts.some((p: { id: number }) => p.id === draft.id)).toBe(false)
  })

  it('by id and by slug: 404 for non-admins, the post for the admin', async () => {
    for (const client of [visitor(), member]) {
      expect((await client.get(`/api/blog-posts/${draft.id}`)).status).toBe(404)
      expect((await client.get(`/api/blog-posts/slug/${draft.slug}`)).status).toBe(404)
    }
    expect((await adminClient.get(`/api/blog-posts/${draft.id}`)).body.status).toBe('draft')
    expect((await adminClient.get(`/api/blog-posts/slug/${draft.slug}`)).body.id).toBe(draft.id)
    const drafts = await adminClient.get('/api/blog-posts?status=draft&limit=100')
    expect(drafts.body.posts.some((p: { id: number }) => p.id === draft.id)).toBe(true)
  })

  it('through Payload REST (/cms/api/posts) and the post page', async () => {
    const list = await visitor().get(`/cms/api/posts?limit=100&where[slug][equals]=${draft.slug}`)
    expect(list.status).toBe(200)
    expect(list.body.totalDocs).toBe(0)
    expect([403, 404]).toContain((await visitor().get(`/cms/api/posts/${draft.id}`)).status)
    expect([403, 404]).toContain((await member.get(`/cms/api/posts/${draft.id}`)).status)
    const page = await visitor().get(`/post/${draft.slug}`)
    expect(page.status).toBe(404)
    expect(page.body).toMatch(/Post Not Found/)
    expect(page.body).not.toContain(draft.title)
  })

  it('Payload REST never shows the search text to visitors', async () => {
    const list = await visitor().get('/cms/api/posts?limit=1')
    expect(list.body.docs[0]).not.toHaveProperty('searchText')
  })
})

describe('writes are admin-only', () => {
  it('401 signed out, 403 for a member, on every write route', async () => {
    const post = await createPost()
    const { client: member } = await registerMember(baseUrl)
    const body = { title: 'Nope', content: 'Nope' }
    for (const [client, status] of [[visitor(), 401], [member, 403]] as const) {
      expect((await client.post('/api/blog-posts', body)).status).toBe(status)
      expect((await client.request('PUT', `/api/blog-posts/${post.id}`, body)).status).toBe(status)
      expect((await client.request('DELETE', `/api/blog-posts/${post.id}`)).status).toBe(status)
    }
    expect((await visitor().get(`/api/blog-posts/${post.id}`)).body.title).toBe(post.title)
  })
})

describe('POST, PUT and DELETE /api/blog-posts', () => {
  it('derives slug, excerpt and read time when not given', async () => {
    const t = tag()
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ')
    const post = await createPost({ title: `Justice & Reform: Café Talks ${t}!`, content: words })
    expect(post.slug).toBe(`justice-reform-cafe-talks-${t}`)
    expect(post.readTime).toBe(3) // 450 words / 200, rounded up
    expect(post.excerpt.length).toBeLessThanOrEqual(150)
    expect(post.excerpt.startsWith('word0 word1')).toBe(true)
    expect(post.status).toBe('published')

    const drafted = await adminClient.post('/api/blog-posts', { title: `Defaults ${t}`, content: 'Short.' })
    expect(drafted.body).toMatchObject({ status: 'draft', readTime: 1, excerpt: 'Short.', categoryId: null, category: null })
  })

  it('drops NUL characters, which the database cannot store, instead of failing', async () => {
    const t = tag()
    const res = await adminClient.post('/api/blog-posts', { title: `Nul\u0000 Title ${t}`, content: 'Body\u0000 text', excerpt: 'Ex\u0000cerpt' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ title: `Nul Title ${t}`, content: 'Body text', excerpt: 'Excerpt' })
  })

  it('keeps the values an admin gives', async () => {
    const t = tag()
    const post = await createPost({ slug: `custom-${t}`, excerpt: 'My own summary.', readTime: '7' })
    expect(post).toMatchObject({ slug: `custom-${t}`, excerpt: 'My own summary.', readTime: 7 })
  })

  it('slug clash: 409 on create and on update', async () => {
    const first = await createPost()
    const clash = await adminClient.post('/api/blog-posts', { title: 'Another', slug: first.slug, content: 'x' })
    expect(clash.status).toBe(409)
    expect(clash.body.error).toMatch(/already exists/)
    const sameTitle = await adminClient.post('/api/blog-posts', { title: first.title, content: 'x' })
    expect(sameTitle.status).toBe(409)
    const second = await createPost()
    const update = await adminClient.request('PUT', `/api/blog-posts/${second.id}`, { slug: first.slug })
    expect(update.status).toBe(409)
    const own = await adminClient.request('PUT', `/api/blog-posts/${first.id}`, { slug: first.slug, title: 'Renamed' })
    expect(own.status).toBe(200)
  })

  it('bad bodies get a clear 400', async () => {
    const cases: [unknown, RegExp][] = [
      [{ content: 'x' }, /Title is required/],
      [{ title: 'x' }, /Content is required/],
      [{ title: 'x', content: 'y', status: 'live' }, /./],
      [{ title: 'x', content: 'y', categoryId: 'abc' }, /./],
      [{ title: 'x', content: 'y', categoryId: 999999 }, /Category not found/],
      [{ title: 'x', content: 'y', categoryId: 99999999999 }, /Category not found/],
      [{ title: 'x', content: 'y', categoryId: '99999999999999999999999' }, /Category not found/],
      [{ title: 'x'.repeat(201), content: 'y' }, /Title is too long/],
      [[], /expected object/],
      [{ title: 'x', content: 'y', readTime: -2 }, /Read time/],
      [{ title: 'x', content: 'y', slug: 'Not A Slug!' }, /Slug must be lowercase/],
      ['{not json', /valid JSON/],
    ]
    for (const [body, message] of cases) {
      const res = await adminClient.post('/api/blog-posts', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error, JSON.stringify(body)).toMatch(message)
    }
    const put = await adminClient.request('PUT', '/api/blog-posts/abc', { title: 'x' })
    expect(put.status).toBe(400)
    const missing = await adminClient.request('PUT', '/api/blog-posts/999999', { title: 'x' })
    expect(missing.status).toBe(404)
    const emptySlug = await adminClient.request('PUT', `/api/blog-posts/${(await createPost()).id}`, { slug: '' })
    expect(emptySlug.status).toBe(400)
    expect(emptySlug.body.error).toBe('Slug is required')
  })

  it('PUT changes what it is given; new content re-derives excerpt and read time', async () => {
    const post = await createPost({ excerpt: 'Old summary.' })
    const res = await adminClient.request('PUT', `/api/blog-posts/${post.id}`, { title: 'New Title', status: 'draft', categoryId: null })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ title: 'New Title', status: 'draft', categoryId: null, slug: post.slug, excerpt: 'Old summary.' })
    const content = await adminClient.request('PUT', `/api/blog-posts/${post.id}`, { content: 'Brand new body text.', excerpt: '' })
    expect(content.body).toMatchObject({ content: 'Brand new body text.', excerpt: 'Brand new body text.', readTime: 1 })
    expect(Date.parse(content.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(post.updatedAt))
  })

  it('DELETE removes the post; a second delete is 404', async () => {
    const post = await createPost()
    const res = await adminClient.request('DELETE', `/api/blog-posts/${post.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, id: post.id })
    expect((await visitor().get(`/api/blog-posts/${post.id}`)).status).toBe(404)
    expect((await adminClient.request('DELETE', `/api/blog-posts/${post.id}`)).status).toBe(404)
  })
})

describe('content is markdown in the API and sanitised HTML on the page', () => {
  const markdown = [
    '## Organising Basics',
    '',
    'Some **bold words** and *italic words* and `inline code` with a [link](https://example.org/guide).',
    '',
    '- first item',
    '- second item',
    '',
    '1. step one',
    '2. step two',
  ].join('\n')

  it('GET returns the markdown that was written; the page renders every element', async () => {
    const post = await createPost({ content: markdown })
    expect(post.content).toBe(markdown)
    expect((await visitor().get(`/api/blog-posts/${post.id}`)).body.content).toBe(markdown)
    expect((await visitor().get(`/api/blog-posts/slug/${post.slug}`)).body.content).toBe(markdown)

    const page = await visitor().get(`/post/${post.slug}`)
    expect(page.status).toBe(200)
    const html: string = page.body
    expect(html).toContain('<h2>Organising Basics</h2>')
    expect(html).toContain('<strong>bold words</strong>')
    expect(html).toContain('<em>italic words</em>')
    expect(html).toContain('<code>inline code</code>')
    expect(html).toMatch(/<a href="https:\/\/example\.org\/guide"[^>]*>link<\/a>/)
    expect(html).toMatch(/<ul[^>]*><li>first item<\/li><li>second item<\/li><\/ul>/)
    expect(html).toMatch(/<ol[^>]*><li>step one<\/li><li>step two<\/li><\/ol>/)
  })

  it('script, event handlers, iframes and javascript: links render inert', async () => {
    const hostile = [
      'Before.',
      '',
      '<script>alert(1)</script>',
      '',
      '<img src=x onerror=alert(1)>',
      '',
      '[x](javascript:alert(1))',
      '',
      '[y](JaVaScRiPt:alert(2))',
      '',
      '<iframe src="https://evil.example"></iframe>',
      '',
      '<a href="javascript:alert(3)" onclick="alert(4)">z</a>',
    ].join('\n')
    const post = await createPost({ content: hostile, title: `Hostile </script><script>alert(5)</script> ${tag()}` })
    const html: string = (await visitor().get(`/post/${post.slug}`)).body
    const body = html.slice(html.indexOf('class="post-content"'), html.indexOf('</article>'))
    expect(body).toContain('Before.')
    // No such element, no event-handler attribute inside any tag, no javascript: URL.
    expect(body).not.toMatch(/<(script|img|iframe)\b/i)
    for (const [, attrs] of body.matchAll(/<[a-z][a-z0-9]*([^>]*)>/gi)) {
      expect(attrs!.replace(/="[^"]*"/g, '')).not.toMatch(/\son\w+/i)
    }
    expect(body).not.toMatch(/href="\s*javascript:/i)
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    // Outside attribute values (where '<' is plain text), no injected element anywhere on the page.
    expect(html.replace(/="[^"]*"/g, '=""')).not.toMatch(/<script>alert/i)
    expect(html).not.toMatch(/href="javascript:/i)
    // The JSON-LD block stays one script: the title's '</script>' is escaped inside it.
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
    expect(JSON.parse(jsonLd![1]!).headline).toBe(post.title)
  })
})

describe('the post page', () => {
  it('has the post, its dates, category link, SEO tags and BlogPosting JSON-LD', async () => {
    const post = await createPost({ excerpt: 'A summary for search engines.' })
    const res = await visitor().get(`/post/${post.slug}`)
    expect(res.status).toBe(200)
    const html: string = res.body
    expect(html).toMatch(new RegExp(`<h1[^>]*>${post.title}</h1>`))
    expect(html).toContain('<meta name="description" content="A summary for search engines."')
    expect(html).toContain('<meta property="og:type" content="article"')
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/post/${post.slug}"`)
    expect(html).toContain(`href="/blog?category=${categoryId}"`)
    expect(html).toContain('href="/blog"')
    expect(html).toMatch(/min read/)
    expect(html).toMatch(/Published:/)
    expect(html).toMatch(/Last updated:/)
    expect(html).toMatch(/component-url="[^"]*BookmarkButton[^"]*"/) // the bookmark control is on the page
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!)
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      description: 'A summary for search engines.',
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: { name: expect.any(String) },
      publisher: { name: expect.any(String) },
      mainEntityOfPage: { '@id': `${baseUrl}/post/${post.slug}` },
      articleSection: post.category.name,
      wordCount: 10,
    })
  })

  it('a missing post is a 404 with Post Not Found and Back to Blog', async () => {
    const res = await visitor().get(`/post/no-such-post-${tag()}`)
    expect(res.status).toBe(404)
    expect(res.body).toMatch(/Post Not Found/)
    expect(res.body).toMatch(/<a href="\/blog"[^>]*>Back to Blog<\/a>/)
    expect((await visitor().get(`/post/${'x'.repeat(5000)}`)).status).toBe(404)
  })
})

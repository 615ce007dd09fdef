// What the /cms editor stores (Lexical JSON written
// through Payload REST, /cms/api/posts) renders on the post page — internal links resolved from
// the linked document's id at render time (following a rename, hiding a draft), code blocks
// highlighted on the server, YouTube blocks as a click-to-load poster — and fenced code round-trips
// through the admin API's markdown as a code block.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

restoreContentAfterAll(baseUrl, admin)
const tag = () => randomBytes(4).toString('hex')
const visitor = () => new ApiClient(baseUrl)

const text = (t: string) => ({ type: 'text', text: t, format: 0, detail: 0, mode: 'normal', style: '', version: 1 })
const paragraph = (...children: object[]) => ({ type: 'paragraph', children, direction: 'ltr', format: '', indent: 0, textFormat: 0, version: 1 })
const root = (...children: object[]) => ({ root: { type: 'root', children, direction: 'ltr', format: '', indent: 0, version: 1 } })
const internalLink = (relationTo: string, value: number, label: string) => ({
  type: 'link',
  children: [text(label)],
  fields: { linkType: 'internal', doc: { relationTo, value }, newTab: false },
  direction: 'ltr',
  format: '',
  indent: 0,
  version: 3,
})
const block = (fields: Record<string, unknown>) => ({ type: 'block', fields: { id: randomBytes(12).toString('hex'), blockName: '', ...fields }, format: '', version: 2 })

let adminClient: ApiClient
let categoryId: number

beforeAll(async () => {
  adminClient = new ApiClient(baseUrl)
  expect((await adminClient.post('/api/auth/login', admin)).status).toBe(200)
  categoryId = (await visitor().get('/api/categories')).body[0].id
})

/** A post written the way the /cms editor saves one. */
async function createPost(content: object, overrides: Record<string, unknown> = {}) {
  const t = tag()
  const res = await adminClient.post('/cms/api/posts', { title: `Editor ${t}`, slug: `editor-${t}`, content, category: categoryId, status: 'published', ...overrides })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.doc as { id: number; slug: string }
}

const page = async (slug: string) => {
  const res = await visitor().get(`/post/${slug}`)
  expect(res.status).toBe(200)
  return res.body as string
}

describe('internal links', () => {
  it('link to the target post, video and topic, and follow the post when it is renamed', async () => {
    const target = await createPost(root(paragraph(text('The target.'))))
    const video = (await visitor().get('/api/videos?limit=1')).body.videos[0] as { id: number; videoId: string }
    const post = await createPost(
      root(paragraph(text('Read '), internalLink('posts', target.id, 'the target post'), text(', watch '), internalLink('videos', video.id, 'the video'), text(' or browse '), internalLink('categories', categoryId, 'the topic'))),
    )

    let html = await page(post.slug)
    expect(html).toContain(`<a href="/post/${target.slug}">the target post</a>`)
    expect(html).toContain(`<a href="/video/${encodeURIComponent(video.videoId)}">the video</a>`)
    expect(html).toContain(`<a href="/blog?category=${categoryId}">the topic</a>`)
    expect(html).not.toContain('href="#"')

    const renamed = `renamed-${tag()}`
    expect((await adminClient.patch(`/cms/api/posts/${target.id}`, { slug: renamed })).status).toBe(200)
    html = await page(post.slug)
    expect(html).toContain(`<a href="/post/${renamed}">the target post</a>`)
    expect(html).not.toContain(`href="/post/${target.slug}"`)
  })

  it('to a draft: plain text for readers (nothing of the draft leaks), a link for the admin', async () => {
    const draft = await createPost(root(paragraph(text('Secret draft.'))), { status: 'draft' })
    const post = await createPost(root(paragraph(text('See '), internalLink('posts', draft.id, 'what is coming'), text('.'))))
    const html = await page(post.slug)
    expect(html).toContain('<p>See what is coming.</p>')
    expect(html).not.toContain(draft.slug)

    const adminPage = await adminClient.get(`/post/${post.slug}`)
    expect(adminPage.body).toContain(`<a href="/post/${draft.slug}">what is coming</a>`)
  })
})

describe('blocks', () => {
  it('a code block renders highlighted on the server, escaped', async () => {
    const post = await createPost(root(block({ blockType: 'Code', language: 'typescript', code: 'const greeting = "<script>alert(1)</script>"' })))
    const html = await page(post.slug)
    expect(html).toContain('<pre class="code-block shiki" data-language="typescript"><code><span class="line">')
    expect(html).toMatch(/<span style="--shiki-light:#[0-9A-Fa-f]{3,8};--shiki-dark:#[0-9A-Fa-f]{3,8}">const<\/span>/)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>alert(1)</script>')
  })

  it('a YouTube block renders the poster linking to the video, and no iframe', async () => {
    const post = await createPost(root(block({ blockType: 'YouTube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', caption: 'The talk' })))
    const html = await page(post.slug)
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-youtube-id="dQw4w9WgXcQ"')
    expect(html).toContain('<figcaption>The talk</figcaption>')
    expect(html).not.toMatch(/<iframe[^>]*youtube/)
  })

  it('a YouTube block with a link that names no video is refused with a clear error', async () => {
    const t = tag()
    const res = await adminClient.post('/cms/api/posts', {
      title: `Editor ${t}`,
      content: root(block({ blockType: 'YouTube', url: 'https://vimeo.com/12345' })),
      category: categoryId,
      status: 'published',
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('Enter a YouTube link')
  })
})

describe('the admin API reads and writes code blocks as markdown fences', () => {
  it('a fenced block becomes a code block and reads back as the same fence', async () => {
    const markdown = ['Intro.', '', '```ts', 'const answer: number = 42', '```'].join('\n')
    const res = await adminClient.post('/api/blog-posts', { title: `Fence ${tag()}`, content: markdown, categoryId, status: 'published' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.content).toBe(markdown.replace('```ts', '```typescript'))
    const html = await page(res.body.slug)
    expect(html).toContain('<pre class="code-block shiki" data-language="typescript">')
    expect(html).toContain('42')
  })

  it('a YouTube block is <YouTube url="…"/> in markdown, both ways', async () => {
    const markdown = ['Watch this:', '', '<YouTube url="https://youtu.be/dQw4w9WgXcQ" caption="The talk"/>'].join('\n')
    const res = await adminClient.post('/api/blog-posts', { title: `Embed ${tag()}`, content: markdown, categoryId, status: 'published' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.content).toBe(markdown)
    const html = await page(res.body.slug)
    expect(html).toContain('data-youtube-id="dQw4w9WgXcQ"')
    expect(html).toContain('<figcaption>The talk</figcaption>')
  })
})

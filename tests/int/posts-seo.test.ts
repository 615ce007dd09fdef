// What a Ghost writer expects: a post's search and social fields (the SEO plugin's
// `meta` group) drive the post page's head, and it falls back to the title, excerpt and featured
// Image while they are empty. Lengths are enforced on save; every value is escaped in the head.
import { randomBytes } from 'node:crypto'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { SITE_NAME } from '../../shared/constants'
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_TOO_LONG, SEO_TITLE_MAX, SEO_TITLE_TOO_LONG } from '../../shared/seo'
import { ApiClient, registerMember, uniqueIp } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'

const baseUrl = inject('baseUrl')
const admin = inject('admin')
restoreContentAfterAll(baseUrl, admin)

const tag = () => randomBytes(4).toString('hex')
const visitor = () => new ApiClient(baseUrl)
let creator: ApiClient
const uploaded: number[] = []

const text = (t: string) => ({ type: 'text', text: t, format: 0, detail: 0, mode: 'normal', style: '', version: 1 })
const lexical = (...paragraphs: string[]) => ({
  root: {
    type: 'root',
    direction: null,
    format: '',
    indent: 0,
    version: 1,
    children: paragraphs.map((p) => ({ type: 'paragraph', children: [text(p)], direction: null, format: '', indent: 0, version: 1, textFormat: 0 })),
  },
})

async function uploadImage(name: string, rgb: [number, number, number]) {
  const png = await sharp({ create: { width: 120, height: 63, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).png().toBuffer()
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${name}-${tag()}.png`)
  form.set('_payload', JSON.stringify({ alt: name }))
  const res = await fetch(`${baseUrl}/cms/api/media`, { method: 'POST', body: form, headers: { origin: baseUrl, 'x-forwarded-for': uniqueIp(), cookie: creator.cookie! } })
  expect(res.status).toBe(201)
  const { doc } = (await res.json()) as { doc: { id: number; url: string } }
  uploaded.push(doc.id)
  return doc
}

const decode = (s: string) =>
  s.replace(/&(quot|#34|#39|#x27|lt|gt|amp);/g, (_, e: string) => ({ quot: '"', '#34': '"', '#39': "'", '#x27': "'", lt: '<', gt: '>', amp: '&' })[e]!)

/** The page's <title>, its <meta> tags by name/property, and its JSON-LD. */
async function head(slug: string) {
  const res = await visitor().get(`/post/${slug}`)
  expect(res.status).toBe(200)
  const html: string = res.body
  const meta: Record<string, string> = {}
  for (const [, attrs] of html.matchAll(/<meta\s((?:[^>"]|"[^"]*")*)>/g)) {
    const a = Object.fromEntries([...attrs!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, decode(v!)]))
    const key = a.name ?? a.property
    if (key && a.content !== undefined) meta[key] = a.content
  }
  const title = decode(/<title>([^<]*)<\/title>/.exec(html)![1]!)
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!)
  return { html, title, meta, ld }
}

beforeAll(async () => {
  creator = new ApiClient(baseUrl)
  expect((await creator.post('/api/auth/login', admin)).status).toBe(200)
})

afterAll(async () => {
  // Before the posts go (hooks run last-registered first): a deleted image leaves their fields empty.
  for (const id of uploaded) expect((await creator.request('DELETE', `/cms/api/media/${id}?depth=0`)).status).toBe(200)
})

describe('the post page head and the meta fields', () => {
  it('uses the title, excerpt and featured image while the meta fields are empty, and the meta fields once set', async () => {
    const featured = await uploadImage('Featured', [200, 40, 40])
    const social = await uploadImage('Social', [40, 40, 200])
    const title = `Harbour council votes ${tag()}`
    const created = await creator.post('/cms/api/posts', {
      title,
      content: lexical('The council met on Tuesday night.', 'It voted to reopen the harbour path.'),
      excerpt: 'The council voted to reopen the harbour path.',
      featuredImage: featured.id,
      status: 'published',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { id, slug } = created.body.doc as { id: number; slug: string }
    const absolute = (url: string) => new URL(url, baseUrl).href

    const before = await head(slug)
    expect(before.title).toBe(`${title} | ${SITE_NAME}`)
    expect(before.meta['og:title']).toBe(`${title} | ${SITE_NAME}`)
    expect(before.meta['twitter:title']).toBe(`${title} | ${SITE_NAME}`)
    expect(before.meta.description).toBe('The council voted to reopen the harbour path.')
    expect(before.meta['og:description']).toBe('The council voted to reopen the harbour path.')
    expect(before.meta['og:image']).toBe(absolute(featured.url))
    expect(before.meta['twitter:image']).toBe(absolute(featured.url))
    expect(before.meta['twitter:card']).toBe('summary_large_image')
    expect(before.ld.image).toBe(absolute(featured.url))

    // Quotes, angle brackets and ampersands: escaped in attributes and in the JSON-LD.
    const metaTitle = `Harbour path "reopens" <soon> & safely`
    const metaDescription = `What the vote means for walkers & cyclists: <b>not</b> a "done deal" yet.</script><script>alert(1)</script>`
    const patched = await creator.patch(`/cms/api/posts/${id}`, { meta: { title: metaTitle, description: metaDescription, image: social.id } })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)

    const after = await head(slug)
    expect(after.title).toBe(metaTitle)
    expect(after.meta['og:title']).toBe(metaTitle)
    expect(after.meta['twitter:title']).toBe(metaTitle)
    expect(after.meta.description).toBe(metaDescription)
    expect(after.meta['og:description']).toBe(metaDescription)
    expect(after.meta['twitter:description']).toBe(metaDescription)
    expect(after.meta['og:image']).toBe(absolute(social.url))
    expect(after.meta['twitter:image']).toBe(absolute(social.url))
    expect(after.ld).toMatchObject({ headline: title, description: metaDescription, image: absolute(social.url) })
    // Outside quoted attribute values (where '<' is plain text), no markup of theirs.
    const markup = after.html.replace(/="[^"]*"/g, '=""')
    expect(markup).not.toContain('<script>alert(1)</script>')
    expect(markup).not.toContain('<soon>')
    // The article itself keeps its own title and excerpt.
    expect(after.html).toContain(`<h1 class="mt-4 text-3xl font-bold sm:text-5xl">${title}</h1>`)

    // Cleared fields hand the head back to the post.
    expect((await creator.patch(`/cms/api/posts/${id}`, { meta: { title: '', description: '', image: null } })).status).toBe(200)
    const cleared = await head(slug)
    expect(cleared.title).toBe(`${title} | ${SITE_NAME}`)
    expect(cleared.meta.description).toBe('The council voted to reopen the harbour path.')
    expect(cleared.meta['og:image']).toBe(absolute(featured.url))
  })

  it('without an excerpt or any image: the derived excerpt and a small card', async () => {
    const created = await creator.post('/cms/api/posts', { title: `No picture ${tag()}`, content: lexical('Only words in this one.'), status: 'published' })
    expect(created.status).toBe(201)
    const { meta } = await head(created.body.doc.slug)
    expect(meta.description).toBe('Only words in this one.')
    expect(meta['og:image']).toBeUndefined()
    expect(meta['twitter:card']).toBe('summary')
  })

  it('refuses a meta title or description past its limit, or a title on two lines', async () => {
    const created = await creator.post('/cms/api/posts', { title: `Limits ${tag()}`, content: lexical('Body.'), status: 'draft' })
    const id = created.body.doc.id
    const errorOf = (res: { body: { errors?: { data?: { errors?: { message: string; path: string }[] } }[] } }) => res.body.errors?.[0]?.data?.errors?.[0]

    const longTitle = await creator.patch(`/cms/api/posts/${id}`, { meta: { title: 'x'.repeat(SEO_TITLE_MAX + 1) } })
    expect(longTitle.status).toBe(400)
    expect(errorOf(longTitle)).toMatchObject({ path: 'meta.title', message: SEO_TITLE_TOO_LONG })
    const longDescription = await creator.patch(`/cms/api/posts/${id}`, { meta: { description: 'x'.repeat(SEO_DESCRIPTION_MAX + 1) } })
    expect(longDescription.status).toBe(400)
    expect(errorOf(longDescription)).toMatchObject({ path: 'meta.description', message: SEO_DESCRIPTION_TOO_LONG })
    expect((await creator.patch(`/cms/api/posts/${id}`, { meta: { title: 'One\nTwo' } })).status).toBe(400)

    const atLimits = await creator.patch(`/cms/api/posts/${id}`, { meta: { title: 't'.repeat(SEO_TITLE_MAX), description: 'd'.repeat(SEO_DESCRIPTION_MAX) } })
    expect(atLimits.status).toBe(200)
  })

  it("the site's API shapes leave the meta fields out", async () => {
    const created = await creator.post('/cms/api/posts', { title: `Shape ${tag()}`, content: lexical('Body.'), status: 'published', meta: { title: 'A meta title' } })
    expect(created.status).toBe(201)
    expect((await visitor().get(`/api/blog-posts/${created.body.doc.id}`)).body).not.toHaveProperty('meta')
    const list = (await visitor().get('/api/blog-posts?limit=5')).body.posts as object[]
    for (const post of list) expect(post).not.toHaveProperty('meta')
  })
})

describe("the editor's Auto-generate", () => {
  const generate = (client: ApiClient, what: string, doc: object) => client.post(`/cms/api/plugin-seo/generate-${what}`, { collectionSlug: 'posts', doc })

  it('fills in the default title, the excerpt cut to the limit and the post address', async () => {
    const doc = { title: 'A night at the harbour council', slug: 'a-night-at-the-harbour-council', excerpt: 'word '.repeat(60).trim(), content: lexical('Body.') }
    expect((await generate(creator, 'title', doc)).body.result).toBe(`A night at the harbour council | ${SITE_NAME}`)
    const description = (await generate(creator, 'description', doc)).body.result as string
    expect(description.length).toBeLessThanOrEqual(SEO_DESCRIPTION_MAX)
    expect(description).toMatch(/^word word .*…$/)
    // An unsaved post without an excerpt: the body's opening.
    expect((await generate(creator, 'description', { ...doc, excerpt: '' })).body.result).toBe('Body.')
    expect((await generate(creator, 'url', doc)).body.result).toMatch(/^https?:\/\/[^/]+\/post\/a-night-at-the-harbour-council$/)
    const longTitle = (await generate(creator, 'title', { ...doc, title: 'Long '.repeat(30) })).body.result as string
    expect(longTitle.length).toBeLessThanOrEqual(SEO_TITLE_MAX)
  })

  it('is for the creator only', async () => {
    expect((await generate(visitor(), 'title', { title: 'x' })).status).toBe(401)
    // A member may not use the admin at all: Payload answers 401 there too.
    const member = (await registerMember(baseUrl)).client
    expect((await generate(member, 'title', { title: 'x' })).status).toBe(401)
  })

  it('answers a malformed request with 400', async () => {
    expect((await creator.request('POST', '/cms/api/plugin-seo/generate-title', '')).status).toBe(400)
    expect((await creator.request('POST', '/cms/api/plugin-seo/generate-title', '{"doc":')).status).toBe(400)
    expect((await generate(creator, 'title', { title: { not: 'text' } })).status).toBe(400)
    expect((await generate(creator, 'description', { content: { root: 'x' } })).status).toBe(400)
    // Nothing to address yet: no URL.
    expect((await generate(creator, 'url', {})).body.result).toBe('')
  })
})

// A post's date is the day it was first published (editable to backdate),
// used for display, list order and feeds; excerpt and read time follow the content after the first
// save, as the admin form sends them back, unless the creator wrote their own.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'

const baseUrl = inject('baseUrl')
const admin = inject('admin')
restoreContentAfterAll(baseUrl, admin)

const tag = () => randomBytes(4).toString('hex')
const visitor = () => new ApiClient(baseUrl)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let creator: ApiClient

beforeAll(async () => {
  creator = new ApiClient(baseUrl)
  expect((await creator.post('/api/auth/login', admin)).status).toBe(200)
})

const rssItems = async () => {
  const xml: string = (await visitor().get('/rss.xml')).body
  return [...xml.matchAll(/<item><title>([^<]*)<\/title>[\s\S]*?<pubDate>([^<]*)<\/pubDate>/g)].map((m) => ({ title: m[1]!, pubDate: m[2]! }))
}

describe('publishedAt (item 7)', () => {
  it('a draft started earlier and published later shows, sorts and feeds by its publish date', async () => {
    const title = `Drafted Monday ${tag()}`
    const draft = await creator.post('/api/blog-posts', { title, content: 'Written over the week.', status: 'draft' })
    expect(draft.status).toBe(201)
    expect(draft.body.publishedAt).toBeNull()
    await sleep(1100)
    // A newer post published in between: the draft, once published, must still come out on top.
    const other = await creator.post('/api/blog-posts', { title: `Published Wednesday ${tag()}`, content: 'Short.', status: 'published' })
    await sleep(1100)
    const published = await creator.request('PUT', `/api/blog-posts/${draft.body.id}`, { status: 'published' })
    expect(published.status).toBe(200)
    const publishedAt = Date.parse(published.body.publishedAt)
    expect(publishedAt).toBeGreaterThan(Date.parse(draft.body.createdAt) + 1000)
    expect(publishedAt).toBeGreaterThan(Date.parse(other.body.publishedAt))

    const list = (await visitor().get('/api/blog-posts?limit=6&status=published')).body.posts
    expect(list[0].id).toBe(draft.body.id)
    expect(list[1].id).toBe(other.body.id)
    expect((await rssItems())[0]).toEqual({ title, pubDate: new Date(publishedAt).toUTCString() })
    const page: string = (await visitor().get(`/post/${draft.body.slug}`)).body
    expect(page).toContain(`<time datetime="${published.body.publishedAt}">`)
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)![1]!)
    expect(ld.datePublished).toBe(published.body.publishedAt)

    // Later saves, and unpublishing and publishing again, keep the first publish date.
    await creator.request('PUT', `/api/blog-posts/${draft.body.id}`, { status: 'draft' })
    const again = await creator.request('PUT', `/api/blog-posts/${draft.body.id}`, { status: 'published', title: `${title} (fixed)` })
    expect(again.body.publishedAt).toBe(published.body.publishedAt)
  })

  it('the creator can backdate a post through /cms, and it moves down the list and the feed', async () => {
    const post = (await creator.post('/api/blog-posts', { title: `Backdated ${tag()}`, content: 'From the archive.', status: 'published' })).body
    expect((await visitor().get('/api/blog-posts?limit=1')).body.posts[0].id).toBe(post.id)
    const backdated = await creator.patch(`/cms/api/posts/${post.id}`, { publishedAt: '2020-03-01T12:00:00.000Z' })
    expect(backdated.status, JSON.stringify(backdated.body)).toBe(200)
    const list = (await visitor().get('/api/blog-posts?limit=100')).body.posts
    expect(list.at(-1).id).toBe(post.id)
    expect(list.at(-1).publishedAt).toBe('2020-03-01T12:00:00.000Z')
    const items = await rssItems()
    expect(items.at(-1)).toEqual({ title: post.title, pubDate: 'Sun, 01 Mar 2020 12:00:00 GMT' })
    expect((await visitor().get(`/post/${post.slug}`)).body).toContain('<time datetime="2020-03-01T12:00:00.000Z">')
  })
})

describe('derived excerpt and read time follow the content (item 6)', () => {
  const words = (n: number, word = 'word') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ')

  /** What Payload's edit form does: send the whole document back, derived fields included, with new content. */
  async function saveFromTheEditor(id: number, replace: [string, string], changes: Record<string, unknown> = {}) {
    const doc = (await creator.get(`/cms/api/posts/${id}?depth=0`)).body
    const content = JSON.parse(JSON.stringify(doc.content).replace(replace[0], replace[1]))
    const res = await creator.patch(`/cms/api/posts/${id}?depth=0`, {
      title: doc.title, slug: doc.slug, excerpt: doc.excerpt, readTime: doc.readTime, status: doc.status, category: doc.category, content, ...changes,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.doc
  }

  it('an edit in /cms re-derives what the previous content derived', async () => {
    const post = (await creator.post('/api/blog-posts', { title: `Follows ${tag()}`, content: `first ${words(10)}`, status: 'draft' })).body
    expect(post).toMatchObject({ readTime: 1, excerpt: `first ${words(10)}` })
    const edited = await saveFromTheEditor(post.id, ['first', `second ${words(450, 'more')}`])
    expect(edited.readTime).toBe(3) // 461 words / 200, rounded up
    expect(edited.excerpt.startsWith('second more0 more1')).toBe(true)
    // And again on the next edit: still following.
    const shorter = await saveFromTheEditor(post.id, [`second ${words(450, 'more')}`, 'third'])
    expect(shorter).toMatchObject({ readTime: 1, excerpt: `third ${words(10)}` })
  })

  it("the creator's own excerpt and read time stay through edits; cleared, they follow again", async () => {
    const post = (await creator.post('/api/blog-posts', { title: `Own ${tag()}`, content: `start ${words(10)}`, status: 'draft' })).body
    const own = await saveFromTheEditor(post.id, ['start', 'begin'], { excerpt: 'My own summary.', readTime: 9 })
    expect(own).toMatchObject({ excerpt: 'My own summary.', readTime: 9 })
    const later = await saveFromTheEditor(post.id, ['begin', `opening ${words(300, 'x')}`])
    expect(later).toMatchObject({ excerpt: 'My own summary.', readTime: 9 })
    const cleared = await saveFromTheEditor(post.id, ['opening', 'lead'], { excerpt: '', readTime: null })
    expect(cleared.readTime).toBe(2) // 311 words
    expect(cleared.excerpt.startsWith('lead x0 x1')).toBe(true)
  })

  it('the post page shows an excerpt the creator wrote under the title, never the derived one', async () => {
    const derived = (await creator.post('/api/blog-posts', { title: `Derived ${tag()}`, content: `Only the body says this. ${words(40)}`, status: 'published' })).body
    const derivedPage = (await visitor().get(`/post/${derived.slug}`)).body as string
    expect(derivedPage).toContain('Only the body says this.')
    expect(derivedPage).not.toContain('data-standfirst')
    const own = (await creator.post('/api/blog-posts', { title: `Standfirst ${tag()}`, content: `The body. ${words(40)}`, excerpt: 'What the creator wants readers to know first.', status: 'published' })).body
    const ownPage = (await visitor().get(`/post/${own.slug}`)).body as string
    expect(ownPage).toMatch(/<p data-standfirst[^>]*>What the creator wants readers to know first\.<\/p>/)
  })

  it('an excerpt stored with the word cut used before sentence ends counted still follows the content', async () => {
    const body = `A first sentence long enough to make a good start for this post's excerpt on the site. ${words(60, 'Tail')}`
    const post = (await creator.post('/api/blog-posts', { title: `Old cut ${tag()}`, content: body, status: 'draft' })).body
    expect(post.excerpt).toBe("A first sentence long enough to make a good start for this post's excerpt on the site.")
    const room = body.slice(0, 149)
    const oldCut = `${room.slice(0, room.lastIndexOf(' '))}…`
    expect((await saveFromTheEditor(post.id, ['Tail0', 'Tail0'], { excerpt: oldCut })).excerpt).toBe(oldCut)
    const edited = await saveFromTheEditor(post.id, ['A first sentence', 'A new first sentence'])
    expect(edited.excerpt).toBe("A new first sentence long enough to make a good start for this post's excerpt on the site.")
  })
})

describe('a renamed post keeps its old address (item 8)', () => {
  const page = (slug: string, client = visitor()) => client.request('GET', `/post/${slug}`)

  it('the old slug redirects permanently to the current one, through every rename', async () => {
    const t = tag()
    const post = (await creator.post('/api/blog-posts', { title: `First Name ${t}`, content: 'Renamed twice.', status: 'published' })).body
    const first = post.slug
    const renamed = await creator.patch(`/cms/api/posts/${post.id}`, { slug: `second-name-${t}` })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body.doc.previousSlugs).toEqual([first])
    const old = await page(first)
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/post/second-name-${t}`)

    await creator.request('PUT', `/api/blog-posts/${post.id}`, { slug: `third-name-${t}` })
    for (const slug of [first, `second-name-${t}`]) {
      const res = await page(slug)
      expect(res.status, slug).toBe(301)
      expect(res.headers.get('location')).toBe(`/post/third-name-${t}`)
    }
    expect((await page(`third-name-${t}`)).status).toBe(200)
    // Saving without a new slug keeps the list as it is.
    const saved = await creator.patch(`/cms/api/posts/${post.id}`, { title: `Third Name ${t}` })
    expect(saved.body.doc.previousSlugs).toEqual([first, `second-name-${t}`])
  })

  it('going back to an old slug takes it off the list; unknown slugs stay 404', async () => {
    const t = tag()
    const post = (await creator.post('/api/blog-posts', { title: `Back And Forth ${t}`, content: 'x', status: 'published' })).body
    await creator.patch(`/cms/api/posts/${post.id}`, { slug: `elsewhere-${t}` })
    const back = await creator.patch(`/cms/api/posts/${post.id}`, { slug: post.slug })
    expect(back.body.doc.previousSlugs).toEqual([`elsewhere-${t}`])
    expect((await page(post.slug)).status).toBe(200)
    expect((await page(`never-existed-${t}`)).status).toBe(404)
  })

  it("a draft's old slug is no way in for visitors", async () => {
    const t = tag()
    const draft = (await creator.post('/api/blog-posts', { title: `Secret Draft ${t}`, content: 'x', status: 'draft' })).body
    await creator.patch(`/cms/api/posts/${draft.id}`, { slug: `secret-renamed-${t}` })
    expect((await page(draft.slug)).status).toBe(404)
    expect((await page(draft.slug, creator)).status).toBe(301)
  })
})

// What a Ghost writer expects: autosave and version history with restore, scheduled
// Publishing on the jobs queue, and previews of the latest draft through signed, expiring links.
// Readers only ever see what was published.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { createPreviewToken } from '../../cms/services/preview/token'
import { ApiClient, registerMember } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'
import { sql } from './sql'

const baseUrl = inject('baseUrl')
const admin = inject('admin')
const previewSecret = inject('previewSecret')
restoreContentAfterAll(baseUrl, admin)

const tag = () => randomBytes(4).toString('hex')
const visitor = () => new ApiClient(baseUrl)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let creator: ApiClient
let member: ApiClient

beforeAll(async () => {
  creator = new ApiClient(baseUrl)
  expect((await creator.post('/api/auth/login', admin)).status).toBe(200)
  member = (await registerMember(baseUrl)).client
})

type Doc = { id: number; title: string; slug: string; status: string; _status: string; publishedAt: string | null; content: unknown }

async function publishedPost(title = `Published ${tag()}`, content = 'The text readers have.') {
  const res = await creator.post('/api/blog-posts', { title, content, status: 'published' })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: number; slug: string; title: string; publishedAt: string }
}

/** What /cms's autosave sends: the whole form, with ?draft=true&autosave=true. */
async function autosave(id: number, changes: Partial<Doc>, replaceText?: [string, string]) {
  const doc = (await creator.get(`/cms/api/posts/${id}?depth=0&draft=true`)).body as Doc
  const content = replaceText ? JSON.parse(JSON.stringify(doc.content).replace(replaceText[0], replaceText[1])) : doc.content
  const res = await creator.patch(`/cms/api/posts/${id}?draft=true&autosave=true&depth=0`, { ...doc, content, _status: 'draft', ...changes })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.doc as Doc
}

const readerView = async (slug: string, client = visitor()) => (await client.get(`/post/${slug}`)).body as string

describe('autosave and drafts of a published post', () => {
  it('an autosaved change stays out of every reader door until the creator publishes it', async () => {
    const post = await publishedPost()
    const newTitle = `Rewritten ${tag()}`
    const saved = await autosave(post.id, { title: newTitle }, ['The text readers have.', 'A half-written new paragraph.'])
    expect(saved._status).toBe('draft')

    for (const client of [visitor(), member]) {
      const page = await readerView(post.slug, client)
      expect(page).toContain(post.title)
      expect(page).toContain('The text readers have.')
      expect(page).not.toContain('half-written')
      expect((await client.get(`/api/blog-posts/${post.id}`)).body.title).toBe(post.title)
      // Payload's REST door too, draft flag or not: the flag is dropped for non-admins.
      for (const query of ['', '?draft=true']) {
        const res = await client.get(`/cms/api/posts/${post.id}${query}`)
        expect(res.status).toBe(200)
        expect(res.body.title, query).toBe(post.title)
      }
      const listed = (await client.get(`/cms/api/posts?draft=true&where[id][equals]=${post.id}`)).body.docs
      expect(listed.map((d: Doc) => d.title)).toEqual([post.title])
    }
    // The main row is still the published one; the creator's draft is the latest version.
    const main = (await creator.get(`/cms/api/posts/${post.id}?depth=0`)).body as Doc
    expect([main.title, main.status, main._status]).toEqual([post.title, 'published', 'published'])
    const draft = (await creator.get(`/cms/api/posts/${post.id}?depth=0&draft=true`)).body as Doc
    expect([draft.title, draft.status, draft._status]).toEqual([newTitle, 'draft', 'draft'])

    // Publish (what /cms's Publish button sends): readers get the new text, the first publish date stays.
    const published = await creator.patch(`/cms/api/posts/${post.id}?depth=0`, { ...draft, _status: 'published' })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect([published.body.doc.status, published.body.doc.publishedAt]).toEqual(['published', post.publishedAt])
    const page = await readerView(post.slug)
    expect(page).toContain(newTitle)
    expect(page).toContain('A half-written new paragraph.')
  })

  it('a save that names no status keeps a published post published (a pending draft does not unpublish it)', async () => {
    const post = await publishedPost()
    await autosave(post.id, { title: `Pending ${tag()}` })
    const res = await creator.patch(`/cms/api/posts/${post.id}?depth=0`, { publishedAt: '2021-05-05T10:00:00.000Z' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect([res.body.doc.status, res.body.doc._status]).toEqual(['published', 'published'])
    expect((await visitor().get(`/api/blog-posts/${post.id}`)).status).toBe(200)
  })

  it('status and _status move together, whichever door sets them', async () => {
    const draft = (await creator.post('/api/blog-posts', { title: `Never published ${tag()}`, content: 'Secret.', status: 'draft' })).body
    expect((await creator.get(`/cms/api/posts/${draft.id}?depth=0`)).body._status).toBe('draft')
    expect((await visitor().get(`/post/${draft.slug}`)).status).toBe(404)

    // The site API publishes and unpublishes.
    await creator.request('PUT', `/api/blog-posts/${draft.id}`, { status: 'published' })
    let doc = (await creator.get(`/cms/api/posts/${draft.id}?depth=0`)).body as Doc
    expect([doc.status, doc._status]).toEqual(['published', 'published'])
    expect(doc.publishedAt).not.toBeNull()
    // /cms's Unpublish button: the post leaves the site.
    const unpublished = await creator.patch(`/cms/api/posts/${draft.id}?depth=0`, { _status: 'draft' })
    expect([unpublished.body.doc.status, unpublished.body.doc._status]).toEqual(['draft', 'draft'])
    expect((await visitor().get(`/post/${draft.slug}`)).status).toBe(404)
    expect((await visitor().get(`/api/blog-posts/${draft.id}`)).status).toBe(404)
    // A stale hidden `status` sent with Payload's `_status` does not win.
    doc = (await creator.patch(`/cms/api/posts/${draft.id}?depth=0`, { status: 'draft', _status: 'published' })).body.doc
    expect([doc.status, doc._status]).toEqual(['published', 'published'])
  })
})

describe('renaming in drafts', () => {
  it('only the published address becomes a redirect, not the slugs typed on the way', async () => {
    const post = await publishedPost()
    const t = tag()
    await autosave(post.id, { slug: `half-typed-${t}` })
    const draft = await autosave(post.id, { slug: `final-name-${t}` })
    // Readers still reach the post at its published address while the rename is a draft.
    expect((await visitor().request('GET', `/post/${post.slug}`)).status).toBe(200)
    const published = await creator.patch(`/cms/api/posts/${post.id}?depth=0`, { ...draft, _status: 'published' })
    expect(published.body.doc.previousSlugs).toEqual([post.slug])
    const old = await visitor().request('GET', `/post/${post.slug}`)
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/post/final-name-${t}`)
    expect((await visitor().request('GET', `/post/half-typed-${t}`)).status).toBe(404)
  })
})

describe('version history', () => {
  it('only admins read versions; visitors and members are refused', async () => {
    const post = await publishedPost()
    await autosave(post.id, { title: `Secret rewrite ${tag()}` })
    for (const client of [visitor(), member]) {
      const list = await client.get(`/cms/api/posts/versions?where[parent][equals]=${post.id}`)
      expect(list.status).toBe(403)
      expect(JSON.stringify(list.body)).not.toContain('Secret rewrite')
    }
    const versions = await creator.get(`/cms/api/posts/versions?where[parent][equals]=${post.id}&sort=-updatedAt`)
    expect(versions.status).toBe(200)
    expect(versions.body.docs[0].version.title).toMatch(/^Secret rewrite/)
    const one = versions.body.docs[0].id
    for (const client of [visitor(), member]) {
      const res = await client.get(`/cms/api/posts/versions/${one}`)
      expect(res.status).toBe(403)
      expect(JSON.stringify(res.body)).not.toContain('Secret rewrite')
      expect((await client.post(`/cms/api/posts/versions/${one}`)).status).toBe(403)
    }
  })

  it('restoring an older version brings its text back for readers', async () => {
    const first = `First text ${tag()}`
    const post = await publishedPost(first, 'The original wording.')
    const edited = (await creator.request('PUT', `/api/blog-posts/${post.id}`, { title: `Second text ${tag()}`, content: 'A worse wording.' })).body
    expect((await readerView(edited.slug)).includes('A worse wording.')).toBe(true)

    const versions = (await creator.get(`/cms/api/posts/versions?where[parent][equals]=${post.id}&sort=createdAt&depth=0`)).body.docs as { id: number; version: Doc }[]
    const original = versions.find((v) => v.version.title === first)
    expect(original).toBeDefined()
    const restored = await creator.post(`/cms/api/posts/versions/${original!.id}?depth=0`)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    const page = await readerView(edited.slug)
    expect(page).toContain(first)
    expect(page).toContain('The original wording.')
    expect(page).not.toContain('A worse wording.')
    const main = (await creator.get(`/cms/api/posts/${post.id}?depth=0`)).body as Doc
    expect([main.title, main.status, main.publishedAt]).toEqual([first, 'published', post.publishedAt])
  })
})

describe('scheduled publishing', () => {
  it('the jobs queue publishes a scheduled post after its time, with nobody touching it', async () => {
    const me = (await creator.get('/cms/api/users/me')).body.user
    const post = (await creator.post('/api/blog-posts', { title: `Scheduled ${tag()}`, content: 'Out later.', status: 'draft' })).body
    const waitUntil = new Date(Date.now() + 3000)
    // The job /cms's "Schedule publish" drawer queues (Payload's schedulePublish task, default queue).
    const [job] = await sql<{ id: number }>(
      `INSERT INTO payload_jobs (input, task_slug, queue, wait_until) VALUES ($1, 'schedulePublish', 'default', $2) RETURNING id`,
      [JSON.stringify({ type: 'publish', doc: { relationTo: 'posts', value: String(post.id) }, user: { relationTo: 'users', value: me.id } }), waitUntil.toISOString()],
    )
    expect((await visitor().get(`/api/blog-posts/${post.id}`)).status).toBe(404)

    let seen: { status: number; body: { status: string; publishedAt: string } } | null = null
    for (let attempt = 0; attempt < 120; attempt++) {
      const res = await visitor().get(`/api/blog-posts/${post.id}`)
      if (res.status === 200) {
        seen = res
        break
      }
      await sleep(500)
    }
    expect(seen?.body.status).toBe('published')
    // publishedAt is when it went out: never before its scheduled time.
    expect(Date.parse(seen!.body.publishedAt)).toBeGreaterThanOrEqual(waitUntil.getTime())
    expect((await visitor().get('/blog')).body).toContain(post.title)
    // A job that succeeded is removed from the queue (a failed one stays, with its error).
    expect(await sql('SELECT id FROM payload_jobs WHERE id = $1', [job!.id])).toEqual([])
  })

  it('jobs and their doors are admin-only', async () => {
    for (const client of [visitor(), member]) {
      expect((await client.get('/cms/api/payload-jobs')).status).toBe(403)
      // Payload answers its run door's refusal with 401 for members too.
      expect((await client.get('/cms/api/payload-jobs/run')).status).toBe(401)
    }
  })
})

describe('preview links', () => {
  const previewOf = (slug: string, token: string, client = visitor()) => client.request('GET', `/post/${slug}?preview=${encodeURIComponent(token)}`)

  it('a valid link shows the latest draft with the real page, never cached or indexed', async () => {
    const post = await publishedPost()
    await autosave(post.id, { title: `Preview title ${tag()}` }, ['The text readers have.', 'Draft wording in preview.'])
    const token = createPreviewToken({ postId: post.id }, previewSecret)
    for (let i = 0; i < 2; i++) {
      const res = await previewOf(post.slug, token)
      expect(res.status).toBe(200)
      expect(res.body).toContain('Draft wording in preview.')
      expect(res.body).toMatch(/<meta name="robots" content="noindex/)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(res.headers.get('x-robots-tag')).toBe('noindex')
      expect(res.headers.get('x-page-cache')).toBeNull()
    }
    // Readers still get the published text, also right after a preview was served.
    const page = await visitor().request('GET', `/post/${post.slug}`)
    expect(page.body).not.toContain('Draft wording in preview.')
    // A link keeps working after a rename: the token names the post, not the slug.
    expect((await previewOf('any-old-slug', token)).body).toContain('Draft wording in preview.')
  })

  it('refuses expired (410), tampered, foreign and missing tokens (403) with a page saying so', async () => {
    const post = await publishedPost()
    const other = await publishedPost()
    const expired = createPreviewToken({ postId: post.id, ttlSeconds: 60, now: new Date(Date.now() - 3600_000) }, previewSecret)
    const res = await previewOf(post.slug, expired)
    expect(res.status).toBe(410)
    expect(res.body).toContain('This preview link has expired')
    expect(res.headers.get('cache-control')).toBe('private, no-store')

    const valid = createPreviewToken({ postId: post.id }, previewSecret)
    const [, expires, signature] = valid.split('.')
    const forged = [
      `${other.id}.${expires}.${signature}`, // the signature of another post
      `${post.id}.${Number(expires) + 86400}.${signature}`, // a pushed-back expiry
      createPreviewToken({ postId: post.id }, 'not-the-server-secret'),
      'garbage',
      '',
    ]
    for (const token of forged) {
      for (const client of [visitor(), member]) {
        const denied = await previewOf(post.slug, token, client)
        expect(denied.status, token).toBe(403)
        expect(denied.body).toContain('This preview link is not valid')
      }
    }
    // A token for another post shows that post, whatever the slug in the path.
    const foreign = await previewOf(post.slug, createPreviewToken({ postId: other.id }, previewSecret))
    expect(foreign.body).toContain(other.title)
    expect(foreign.body).not.toContain(`<h1 class="mt-4 text-3xl font-bold sm:text-5xl">${post.title}`)
  })

  it('an admin session previews a draft by its slug without a token; a deleted post is a 404', async () => {
    const draft = (await creator.post('/api/blog-posts', { title: `Admin preview ${tag()}`, content: 'Only the creator sees this.', status: 'draft' })).body
    const res = await creator.request('GET', `/post/${draft.slug}?preview`)
    expect(res.status).toBe(200)
    expect(res.body).toContain('Only the creator sees this.')
    const token = createPreviewToken({ postId: draft.id }, previewSecret)
    await creator.request('DELETE', `/api/blog-posts/${draft.id}`)
    expect((await previewOf(draft.slug, token)).status).toBe(404)
  })
})

// Two editors, one post: /admin's post editor and /cms (its autosave). The /admin editor opens the
// latest version (an unpublished /cms draft included), so saving there keeps what was written in
// /cms; and a save made from an older copy than the latest is refused with 409, never written
// over what was saved meanwhile.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { POST_CHANGED_ELSEWHERE } from '../../shared/admin-content-messages'
import { EDITED_FROM_HEADER } from '../../shared/edit-conflict'
import { ApiClient } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'

const baseUrl = inject('baseUrl')
const admin = inject('admin')
restoreContentAfterAll(baseUrl, admin)

const tag = () => randomBytes(4).toString('hex')
let creator: ApiClient

beforeAll(async () => {
  creator = new ApiClient(baseUrl)
  expect((await creator.post('/api/auth/login', admin)).status).toBe(200)
})

type Detail = { id: number; title: string; slug: string; status: string; content: string | null; excerpt: string | null; updatedAt: string }

async function newPost(status: 'draft' | 'published', content = 'The text readers have.') {
  const res = await creator.post('/api/blog-posts', { title: `Two editors ${tag()}`, content, status })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as Detail
}

/** What /cms's autosave sends: the whole latest draft with the changes, ?draft=true&autosave=true. */
async function cmsAutosave(id: number, changes: Record<string, unknown>, replaceText?: [string, string]) {
  const doc = (await creator.get(`/cms/api/posts/${id}?depth=0&draft=true`)).body as Record<string, unknown>
  const content = replaceText ? JSON.parse(JSON.stringify(doc.content).replace(replaceText[0], replaceText[1])) : doc.content
  const res = await creator.patch(`/cms/api/posts/${id}?draft=true&autosave=true&depth=0`, { ...doc, content, _status: 'draft', ...changes })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const openInAdmin = async (id: number) => {
  const res = await creator.get(`/api/blog-posts/${id}`)
  expect(res.status).toBe(200)
  return res.body as Detail
}
const saveInAdmin = (id: number, body: Record<string, unknown>) => creator.request('PUT', `/api/blog-posts/${id}`, body)

describe('the /admin post editor and /cms', () => {
  it('/admin opens the unpublished /cms draft of a published post, and saving there keeps it', async () => {
    const post = await newPost('published')
    const draftTitle = `Rewritten in cms ${tag()}`
    await cmsAutosave(post.id, { title: draftTitle }, ['The text readers have.', 'A new paragraph written in cms.'])

    // The editor's copy: the draft's text, and the post's own state (still on the site).
    const opened = await openInAdmin(post.id)
    expect([opened.title, opened.content?.trim(), opened.status]).toEqual([draftTitle, 'A new paragraph written in cms.', 'published'])
    // A reader still gets the published text.
    const reader = await new ApiClient(baseUrl).get(`/api/blog-posts/${post.id}`)
    expect([reader.body.title, reader.body.content.trim()]).toEqual([post.title, 'The text readers have.'])

    // Saving a change in /admin (the form sends every field back) keeps the cms draft's text.
    const saved = await saveInAdmin(post.id, {
      title: opened.title,
      slug: opened.slug,
      content: `${opened.content!.trim()}\n\nAnd a line added in admin.`,
      status: 'published',
      updatedAt: opened.updatedAt,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const published = await new ApiClient(baseUrl).get(`/api/blog-posts/${post.id}`)
    expect(published.body.title).toBe(draftTitle)
    expect(published.body.content).toContain('A new paragraph written in cms.')
    expect(published.body.content).toContain('And a line added in admin.')
  })

  it('a save from an older copy than the latest is refused with 409 and changes nothing; from the latest it goes through', async () => {
    const post = await newPost('draft', 'First words.')
    const opened = await openInAdmin(post.id)

    // Meanwhile the creator keeps writing in /cms.
    await cmsAutosave(post.id, {}, ['First words.', 'First words, and more typed in cms.'])

    const stale = await saveInAdmin(post.id, { title: 'From the old copy', content: 'Old copy text.', updatedAt: opened.updatedAt })
    expect(stale.status).toBe(409)
    expect(stale.body).toEqual({ error: POST_CHANGED_ELSEWHERE })
    const after = await openInAdmin(post.id)
    expect([after.title, after.content?.trim()]).toEqual([post.title, 'First words, and more typed in cms.'])
    expect(after.updatedAt).not.toBe(opened.updatedAt)

    // From the latest copy: saved, and the answer carries the new copy's updatedAt for the next save.
    const fresh = await saveInAdmin(post.id, { title: 'From the latest copy', updatedAt: after.updatedAt })
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200)
    expect(fresh.body.title).toBe('From the latest copy')
    const again = await saveInAdmin(post.id, { excerpt: 'A second save in a row.', updatedAt: fresh.body.updatedAt })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await openInAdmin(post.id)).content?.trim()).toBe('First words, and more typed in cms.')

    // An API client that sends no updatedAt is not refused; a malformed one is a 400.
    expect((await saveInAdmin(post.id, { excerpt: 'No copy named.' })).status).toBe(200)
    expect((await saveInAdmin(post.id, { excerpt: 'x', updatedAt: 'yesterday' })).status).toBe(400)
  })
})

describe('saves from one copy at the same moment', () => {
  it('/admin: of ten saves from the same copy at once, one goes through and the others are refused', async () => {
    const post = await newPost('published')
    const opened = await openInAdmin(post.id)
    const titles = Array.from({ length: 10 }, (_, i) => `At once ${i} ${tag()}`)
    const answers = await Promise.all(titles.map((title) => saveInAdmin(post.id, { title, updatedAt: opened.updatedAt })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(9).fill(409)])
    const winner = titles[answers.findIndex((a) => a.status === 200)]
    expect((await openInAdmin(post.id)).title).toBe(winner)
  })

  it('/cms: of five tabs autosaving from the same version at once, one goes through', async () => {
    const post = await newPost('draft')
    const opened = (await creator.get(`/cms/api/posts/${post.id}?depth=0&draft=true`)).body as Record<string, unknown> & { updatedAt: string }
    const titles = Array.from({ length: 5 }, (_, i) => `Tab ${i} ${tag()}`)
    const answers = await Promise.all(
      titles.map((title) => creator.request('PATCH', `/cms/api/posts/${post.id}?draft=true&autosave=true&depth=0`, { ...opened, title, _status: 'draft' }, { [EDITED_FROM_HEADER]: opened.updatedAt })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409])
    const winner = titles[answers.findIndex((a) => a.status === 200)]
    expect(((await creator.get(`/cms/api/posts/${post.id}?depth=0&draft=true`)).body as { title: string }).title).toBe(winner)
  })
})

describe('two /cms tabs on one post', () => {
  /** A /cms tab's autosave: the copy it holds, changed, naming the version it was editing. */
  const tabAutosave = (id: number, copy: Record<string, unknown>, editedFrom: string, title: string) =>
    creator.request('PATCH', `/cms/api/posts/${id}?draft=true&autosave=true&depth=0`, { ...copy, title, _status: 'draft' }, { [EDITED_FROM_HEADER]: editedFrom })

  it("a tab's autosaves go through one after another; the other tab's, from the older copy, is refused and changes nothing", async () => {
    const post = await newPost('draft')
    const opened = (await creator.get(`/cms/api/posts/${post.id}?depth=0&draft=true`)).body as Record<string, unknown> & { updatedAt: string }
    // Tab A: three autosaves, each naming the version the one before made.
    let editedFrom = opened.updatedAt
    for (const title of ['First tab 1', 'First tab 2', 'First tab 3']) {
      const saved = await tabAutosave(post.id, opened, editedFrom, title)
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
      editedFrom = saved.body.doc.updatedAt
    }
    // Tab B opened the post before those: its autosave would put the older copy back.
    const stale = await tabAutosave(post.id, opened, opened.updatedAt, 'Second tab')
    expect(stale.status).toBe(409)
    expect(JSON.stringify(stale.body)).toContain(POST_CHANGED_ELSEWHERE)
    expect(((await creator.get(`/cms/api/posts/${post.id}?depth=0&draft=true`)).body as { title: string }).title).toBe('First tab 3')
    // A client that names no version (another API client) is not checked.
    expect((await creator.patch(`/cms/api/posts/${post.id}?draft=true&depth=0`, { title: 'From the API' })).status).toBe(200)
  })
})

describe('a draft started in /cms', () => {
  it('is listed for admins by its latest title, though /cms created it before it had one', async () => {
    // What "Create New" does (a draft with nothing in it), then the autosave of the typed title.
    const created = await creator.post('/cms/api/posts?draft=true&depth=0', { _status: 'draft' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.doc.id as number
    const title = `Started in cms ${tag()}`
    await cmsAutosave(id, { title })
    const listed = await creator.get('/api/blog-posts?status=draft&limit=100')
    expect(listed.status).toBe(200)
    const row = (listed.body.posts as Detail[]).find((post) => post.id === id)
    expect([row?.title, row?.slug]).toEqual([title, title.toLowerCase().replace(/ /g, '-')])
    expect((await openInAdmin(id)).title).toBe(title)
  })
})

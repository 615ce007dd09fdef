import { describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'

const baseUrl = inject('baseUrl')

const page = (path: string, cookie?: string) => fetch(baseUrl + path, { headers: cookie ? { cookie, 'sec-fetch-site': 'same-origin' } : {} })

describe('visitor page cache', () => {
  it('serves a repeated visitor request from memory', async () => {
    const path = `/blog?cache-probe=${Date.now()}`
    const first = await page(path)
    expect(first.status).toBe(200)
    expect(first.headers.get('x-page-cache')).toBeNull()
    const second = await page(path)
    expect(second.headers.get('x-page-cache')).toBe('hit')
    expect(await second.text()).toBe(await first.text())
  })

  it('never stores or serves a page to a signed-in member from it', async () => {
    const { client, username } = await registerMember(baseUrl)
    const path = `/blog?member-probe=${Date.now()}`
    await page(path) // warms the visitor copy
    const res = await page(path, client.cookie!)
    expect(res.headers.get('x-page-cache')).toBeNull()
    expect(res.headers.get('cache-control')).toMatch(/private/)
    expect(await res.text()).toContain(username) // the member's own header
  })

  it('shows an edit at once: a content change clears the cache', async () => {
    const admin = new ApiClient(baseUrl)
    expect((await admin.post('/api/auth/login', inject('admin'))).status).toBe(200)
    const list = await admin.get('/cms/api/posts?limit=1&where[status][equals]=published&depth=0')
    const post = list.body.docs[0] as { id: number; slug: string; title: string }
    const path = `/post/${post.slug}`
    await page(path)
    expect((await page(path)).headers.get('x-page-cache')).toBe('hit')
    const title = `${post.title} (updated ${Date.now()})`
    expect((await admin.patch(`/cms/api/posts/${post.id}`, { title })).status).toBe(200)
    const after = await page(path)
    expect(after.headers.get('x-page-cache')).toBeNull()
    expect(await after.text()).toContain(title.replace(/&/g, '&amp;'))
    await admin.patch(`/cms/api/posts/${post.id}`, { title: post.title })
  })
})

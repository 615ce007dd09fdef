// The integration files share one server and database and run one after another. The content
// files (posts, posts-search, categories, announcements) put it back as they found it, so files
// that run later still see the seeded posts, topics and announcements only.
import { afterAll, beforeAll, expect } from 'vitest'

import { ApiClient } from '../helpers/api-client'

type Row = { id: number }

async function maxId(client: ApiClient, path: string, pick: (body: any) => Row[]) {
  const res = await client.get(path)
  expect(res.status).toBe(200)
  return Math.max(0, ...pick(res.body).map((r) => r.id))
}

/** Registers hooks that delete, after the file, every post, category and announcement it created. */
export function restoreContentAfterAll(baseUrl: string, admin: { username: string; password: string }) {
  const client = new ApiClient(baseUrl)
  const before = { posts: 0, categories: 0, announcements: 0 }

  beforeAll(async () => {
    expect((await client.post('/api/auth/login', admin)).status).toBe(200)
    // Newest first, drafts included (the admin sees every status).
    before.posts = await maxId(client, '/api/blog-posts?limit=100', (b) => b.posts)
    before.categories = await maxId(client, '/api/categories', (b) => b)
    before.announcements = await maxId(client, '/api/announcements', (b) => b)
  })

  afterAll(async () => {
    for (;;) {
      const { body } = await client.get('/api/blog-posts?limit=100')
      const newer = (body.posts as Row[]).filter((p) => p.id > before.posts)
      if (newer.length === 0) break
      for (const p of newer) await client.request('DELETE', `/api/blog-posts/${p.id}`)
    }
    for (const c of ((await client.get('/api/categories')).body as Row[]).filter((c) => c.id > before.categories)) {
      await client.request('DELETE', `/api/categories/${c.id}`)
    }
    for (const a of ((await client.get('/api/announcements')).body as Row[]).filter((a) => a.id > before.announcements)) {
      await client.request('DELETE', `/api/announcements/${a.id}`)
    }
  })
}

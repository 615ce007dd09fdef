// One clock: every date a person reads is on the site's time zone (the `timeZone` setting, else
// SITE_TIME_ZONE, else New York) and in one format. A post published at 8:26 PM in New York on
// Nov 24 is 01:26 UTC on Nov 25: the post page, the blog list and /admin all read Nov 24 while the
// site runs on New York, and all follow the setting when it changes; analytics days too. A date of
// birth is a calendar day: stored at noon UTC, it reads the day that was typed on any clock.
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { formatDate } from '../../shared/format'
import { ApiClient, registerMember } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'

const baseUrl = inject('baseUrl')
const admin = inject('admin')
restoreContentAfterAll(baseUrl, admin)

const tag = () => randomBytes(4).toString('hex')
let creator: ApiClient
let originalZone: string | null

beforeAll(async () => {
  creator = new ApiClient(baseUrl)
  expect((await creator.post('/api/auth/login', admin)).status).toBe(200)
  originalZone = (await creator.get('/api/admin/settings')).body.timeZone
})

// Other suites share the server: put the zone back as it was.
afterAll(async () => {
  expect((await creator.request('PUT', '/api/admin/settings', { timeZone: originalZone })).status).toBe(200)
})

const setZone = async (timeZone: string | null) => {
  const res = await creator.request('PUT', '/api/admin/settings', { timeZone })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

/** A published post at `publishedAt` (set through /cms, as a creator backdates one). */
async function postAt(publishedAt: string) {
  const post = (await creator.post('/api/blog-posts', { title: `Clock ${tag()}`, content: 'What time is it?', status: 'published' })).body
  const res = await creator.patch(`/cms/api/posts/${post.id}`, { publishedAt })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return post as { id: number; slug: string; title: string }
}

/** Every date text beside the instant on a page: `<time datetime="{iso}">{text}</time>`. */
async function datesOn(path: string, iso: string, client = new ApiClient(baseUrl)) {
  const res = await client.get(path)
  expect(res.status, path).toBe(200)
  const html = String(res.body)
  const texts = [...html.matchAll(/<time datetime="([^"]+)"[^>]*>([^<]*)<\/time>/g)].filter((m) => m[1] === iso).map((m) => m[2])
  return { html, texts }
}

const zoneOf = (html: string) => /<html[^>]* data-time-zone="([^"]+)"/.exec(html)?.[1]

/** What /admin's posts table shows for the post: its date from the admin's list, on the zone /admin's page runs on. */
async function adminPostsDate(postId: number) {
  const page = await creator.get('/admin/content/posts')
  expect(page.status).toBe(200)
  const zone = zoneOf(String(page.body))
  expect(zone).toBeTruthy()
  const list = await creator.get('/api/blog-posts?limit=100')
  const row = (list.body.posts as { id: number; publishedAt: string }[]).find((p) => p.id === postId)!
  return { zone, text: formatDate(row.publishedAt, zone!) }
}

describe('a post published at 8:26 PM in New York', () => {
  const publishedAt = '2025-11-25T01:26:00.000Z'

  it('reads Nov 24, 2025 on its page, in the blog list and in /admin while the site runs on New York', async () => {
    await setZone('America/New_York')
    const post = await postAt(publishedAt)
    const page = await datesOn(`/post/${post.slug}`, publishedAt)
    expect(page.texts.length).toBeGreaterThan(0)
    expect(new Set(page.texts)).toEqual(new Set(['Nov 24, 2025']))
    expect(zoneOf(page.html)).toBe('America/New_York')
    const list = await datesOn(`/blog?search=${encodeURIComponent(post.title)}`, publishedAt)
    expect(list.texts).toEqual(['Nov 24, 2025'])
    expect(await adminPostsDate(post.id)).toEqual({ zone: 'America/New_York', text: 'Nov 24, 2025' })
  })

  it('follows the site setting: on Tokyo time the same kind of evening post reads the next day everywhere', async () => {
    // 6:30 PM in New York on Nov 24 is 8:30 AM on Nov 25 in Tokyo (and still Nov 24 in UTC).
    const evening = '2025-11-24T23:30:00.000Z'
    await setZone('Asia/Tokyo')
    const post = await postAt(evening)
    const page = await datesOn(`/post/${post.slug}`, evening)
    expect(new Set(page.texts)).toEqual(new Set(['Nov 25, 2025']))
    expect(zoneOf(page.html)).toBe('Asia/Tokyo')
    expect(await adminPostsDate(post.id)).toEqual({ zone: 'Asia/Tokyo', text: 'Nov 25, 2025' })
    // Analytics days are the site's days too.
    const analytics = await creator.get('/api/admin/analytics?days=7')
    expect(analytics.status).toBe(200)
    expect(analytics.body.range.timeZone).toBe('Asia/Tokyo')
    await setZone(originalZone)
  })
})

describe('a date of birth', () => {
  it('entered as 2000-05-10 is kept as that calendar day: /cms reads May 10 on a New York or Honolulu clock, not May 09', async () => {
    const member = await registerMember(baseUrl, { dateOfBirth: '2000-05-10' })
    const stored = (await creator.get(`/cms/api/users/${member.user.id}?depth=0`)).body.dateOfBirth as string
    // /cms shows a date on the admin's browser clock: noon UTC is the same day from UTC−12 to UTC+11.
    expect(stored).toBe('2000-05-10T12:00:00.000Z')
    for (const zone of ['America/New_York', 'Pacific/Honolulu', 'UTC', 'Asia/Tokyo']) expect(formatDate(new Date(stored), zone), zone).toBe('May 10, 2000')
    // Age verification still matches the day typed at registration.
    const verified = await member.client.post('/api/auth/verify-age', { dateOfBirth: '2000-05-10' })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    expect((await creator.get(`/cms/api/users/${member.user.id}?depth=0`)).body.dateOfBirth).toBe('2000-05-10T12:00:00.000Z')
  })

  it('typed in /cms as a bare day or at midnight UTC is stored at noon of that day', async () => {
    const member = await registerMember(baseUrl)
    for (const value of ['1999-12-31', '1999-12-31T00:00:00.000Z', '1999-12-31T12:00:00.000Z']) {
      const res = await creator.patch(`/cms/api/users/${member.user.id}`, { dateOfBirth: value })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.doc.dateOfBirth, value).toBe('1999-12-31T12:00:00.000Z')
    }
  })
})

// SPEC §7 Content and Admin (announcements), §4 Announcement, §5 Announcement: the active list,
// what admins and visitors see, create, the isActive toggle, delete, validation and auth.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { restoreContentAfterAll } from './posts-cleanup'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

restoreContentAfterAll(baseUrl, admin)
const visitor = () => new ApiClient(baseUrl)
const tag = () => randomBytes(4).toString('hex')
const DAY = 24 * 60 * 60 * 1000
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString()
const titlesOf = (res: { body: { title: string }[] }) => res.body.map((a) => a.title)

let adminClient: ApiClient

beforeAll(async () => {
  adminClient = new ApiClient(baseUrl)
  expect((await adminClient.post('/api/auth/login', admin)).status).toBe(200)
})

async function createAnnouncement(body: Record<string, unknown> = {}) {
  const res = await adminClient.post('/api/announcements', { title: `Notice ${tag()}`, content: 'Details.', ...body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('GET /api/announcements', () => {
  let active: { title: string }, noExpiry: { title: string }, expired: { title: string }, inactive: { title: string }

  beforeAll(async () => {
    active = await createAnnouncement({ expiresAt: inDays(3), type: 'event' })
    noExpiry = await createAnnouncement({ expiresAt: null })
    expired = await createAnnouncement({ expiresAt: inDays(-1) })
    inactive = await createAnnouncement({ isActive: false })
  })

  it('active=true: switched on and not expired, newest first, as a list', async () => {
    const res = await visitor().get('/api/announcements?active=true')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    const titles = titlesOf(res)
    expect(titles).toContain(active.title)
    expect(titles).toContain(noExpiry.title)
    expect(titles).not.toContain(expired.title)
    expect(titles).not.toContain(inactive.title)
    expect(titles.indexOf(noExpiry.title)).toBeLessThan(titles.indexOf(active.title))
    expect(Object.keys(res.body[0]).sort()).toEqual(['content', 'createdAt', 'expiresAt', 'id', 'isActive', 'startsAt', 'title', 'type', 'updatedAt'])
    // Seeded: the expired drive and the switched-off maintenance notice never show.
    expect(titles).not.toContain('Voter registration drive this weekend')
    expect(titles).not.toContain('Scheduled maintenance')
  })

  it('without active=true: the admin gets every announcement, visitors and members still only active ones', async () => {
    const all = titlesOf(await adminClient.get('/api/announcements'))
    expect(all).toEqual(expect.arrayContaining([active.title, noExpiry.title, expired.title, inactive.title]))
    const { client: member } = await registerMember(baseUrl)
    for (const client of [visitor(), member]) {
      const titles = titlesOf(await client.get('/api/announcements'))
      expect(titles).toContain(active.title)
      expect(titles).not.toContain(expired.title)
      expect(titles).not.toContain(inactive.title)
    }
    expect(titlesOf(await adminClient.get('/api/announcements?active=true'))).not.toContain(inactive.title)
  })

  it('a start time ahead keeps it hidden from readers, on the site API and REST alike, until that time', async () => {
    const soon = await createAnnouncement({ startsAt: new Date(Date.now() + 3000).toISOString(), expiresAt: inDays(1) })
    const later = await createAnnouncement({ startsAt: inDays(2) })
    const started = await createAnnouncement({ startsAt: inDays(-1), expiresAt: inDays(1) })
    const readerTitles = async () => titlesOf(await visitor().get('/api/announcements?active=true'))
    const restTitles = async () =>
      ((await visitor().get('/cms/api/announcements?limit=100&depth=0')).body.docs as { title: string }[]).map((a) => a.title)
    for (const titles of [await readerTitles(), await restTitles()]) {
      expect(titles).toContain(started.title)
      expect(titles).not.toContain(soon.title)
      expect(titles).not.toContain(later.title)
    }
    expect(titlesOf(await adminClient.get('/api/announcements'))).toEqual(expect.arrayContaining([soon.title, later.title]))
    // The cached list ends when the next start comes round: no save is needed for it to show.
    await expect.poll(readerTitles, { timeout: 20_000, interval: 500 }).toContain(soon.title)
    expect(await readerTitles()).not.toContain(later.title)
    expect(soon.startsAt).toBe(new Date(soon.startsAt).toISOString())
  })

  it('answers a bad flag with a 400', async () => {
    expect((await visitor().get('/api/announcements?active=yes')).status).toBe(400)
  })
})

describe('POST, PATCH and DELETE /api/announcements', () => {
  it('creates with defaults: type general, active, no expiry', async () => {
    const a = await createAnnouncement()
    expect(a).toMatchObject({ type: 'general', isActive: true, expiresAt: null, content: 'Details.' })
  })

  it('PATCH { isActive } alone toggles it and changes nothing else', async () => {
    const a = await createAnnouncement({ type: 'urgent', expiresAt: inDays(5) })
    const off = await adminClient.patch(`/api/announcements/${a.id}`, { isActive: false })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ id: a.id, isActive: false, title: a.title, type: 'urgent', expiresAt: a.expiresAt })
    expect(titlesOf(await visitor().get('/api/announcements?active=true'))).not.toContain(a.title)
    const on = await adminClient.patch(`/api/announcements/${a.id}`, { isActive: true })
    expect(on.body.isActive).toBe(true)
    expect(titlesOf(await visitor().get('/api/announcements?active=true'))).toContain(a.title)
  })

  it('PATCH edits other fields; expiresAt null clears the expiry', async () => {
    const a = await createAnnouncement({ expiresAt: inDays(-2) })
    const res = await adminClient.patch(`/api/announcements/${a.id}`, { title: 'Updated title', type: 'update', expiresAt: null })
    expect(res.body).toMatchObject({ title: 'Updated title', type: 'update', expiresAt: null, isActive: true })
    expect(titlesOf(await visitor().get('/api/announcements?active=true'))).toContain('Updated title')
  })

  it('PATCH moving the start past the stored expiry is refused, and changes nothing', async () => {
    const a = await createAnnouncement({ expiresAt: inDays(2) })
    const res = await adminClient.patch(`/api/announcements/${a.id}`, { startsAt: inDays(3) })
    expect(res.status).toBe(400)
    expect(res.body.error).toMatch(/The start time must be before the expiry time/)
    const stored = (await adminClient.get('/api/announcements')).body.find((x: { id: number }) => x.id === a.id)
    expect(stored.startsAt).toBeNull()
  })

  it('the home page shows its paragraphs, line breaks and links, and keeps markup as text', async () => {
    const a = await createAnnouncement({
      content: 'First line\nsecond line.\n\nRead [the guide](/blog) or https://example.org/drive.\n\n<b>not bold</b> [x](javascript:alert(1))',
    })
    const html = await (await fetch(`${baseUrl}/`)).text()
    const start = html.indexOf(`id="announcement-${a.id}"`)
    expect(start).toBeGreaterThan(-1)
    const article = html.slice(start, html.indexOf('</article>', start))
    expect(article).toContain('<p>First line<br/>second line.</p>')
    expect(article).toMatch(/<a href="\/blog"[^>]*>the guide<\/a>/)
    expect(article).toMatch(/<a href="https:\/\/example.org\/drive"[^>]*>https:\/\/example.org\/drive<\/a>\./)
    expect(article).toContain('&lt;b&gt;not bold&lt;/b&gt;')
    expect(article).not.toMatch(/href="javascript:/i)
  })

  it('DELETE removes it; a missing id is 404', async () => {
    const a = await createAnnouncement()
    const res = await adminClient.request('DELETE', `/api/announcements/${a.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, id: a.id })
    expect(titlesOf(await adminClient.get('/api/announcements'))).not.toContain(a.title)
    expect((await adminClient.request('DELETE', `/api/announcements/${a.id}`)).status).toBe(404)
    expect((await adminClient.patch(`/api/announcements/${a.id}`, { isActive: true })).status).toBe(404)
  })

  it('bad bodies and ids get a clear 400', async () => {
    const cases: [unknown, RegExp][] = [
      [{ content: 'x' }, /Title is required/],
      [{ title: 'x' }, /Content is required/],
      [{ title: 'x', content: 'y', type: 'party' }, /./],
      [{ title: 'x', content: 'y', expiresAt: 'next week' }, /Please enter a valid date/],
      [{ title: 'x', content: 'y', isActive: 'yes' }, /./],
      [{ title: 'x', content: 'y', startsAt: inDays(3), expiresAt: inDays(2) }, /The start time must be before the expiry time/],
    ]
    for (const [body, message] of cases) {
      const res = await adminClient.post('/api/announcements', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error).toMatch(message)
    }
    expect((await adminClient.patch('/api/announcements/abc', { isActive: true })).status).toBe(400)
    expect((await adminClient.request('DELETE', '/api/announcements/0')).status).toBe(400)
  })

  it('writes are admin-only: 401 signed out, 403 for a member', async () => {
    const a = await createAnnouncement()
    const { client: member } = await registerMember(baseUrl)
    for (const [client, status] of [[visitor(), 401], [member, 403]] as const) {
      expect((await client.post('/api/announcements', { title: 'x', content: 'y' })).status).toBe(status)
      expect((await client.patch(`/api/announcements/${a.id}`, { isActive: false })).status).toBe(status)
      expect((await client.request('DELETE', `/api/announcements/${a.id}`)).status).toBe(status)
    }
    expect(titlesOf(await visitor().get('/api/announcements?active=true'))).toContain(a.title)
  })
})

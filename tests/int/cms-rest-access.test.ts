// What Payload's REST API (/cms/api) hands
// out or lets through must match what the site itself shows and allows.

import { describe, expect, inject, it } from 'vitest'

import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember } from '../helpers/api-client'
import { logEntriesSince, logOffset } from './server-log'
import { premiumMember, SEEDED, signedInAdmin } from './videos-helpers'

const baseUrl = inject('baseUrl')
const visitor = () => new ApiClient(baseUrl)
const VIDEO = videos.filter((v) => !v.isPremium).map((v) => v.videoId)[2]!

describe('premium file paths through select (item 5)', () => {
  const premiumPaths = (docs: { videoUrl?: string | null }[]) => docs.map((d) => d.videoUrl).filter((url) => typeof url === 'string' && url.includes(SEEDED.premiumManual))

  it.each([
    'select[videoUrl]=true',
    'select[videoUrl]=true&select[title]=true',
    `select[videoUrl]=true&where[videoId][equals]=${SEEDED.premiumManual}`,
    'select[isPremium]=false',
  ])('a visitor and a plain member never get a premium file with %s', async (query) => {
    const { client: member } = await registerMember(baseUrl)
    for (const client of [visitor(), member]) {
      const res = await client.get(`/cms/api/videos?limit=100&${query}`)
      expect(res.status).toBe(200)
      expect(premiumPaths(res.body.docs)).toEqual([])
    }
    const byId = (await visitor().get(`/cms/api/videos?where[videoId][equals]=${SEEDED.premiumManual}`)).body.docs[0].id
    expect((await visitor().get(`/cms/api/videos/${byId}?select[videoUrl]=true`)).body.videoUrl).toBeUndefined()
  })

  it('premium members and admins still get it, and free files stay public', async () => {
    const premium = await premiumMember()
    const admin = await signedInAdmin()
    for (const client of [premium.client, admin]) {
      const res = await client.get(`/cms/api/videos?limit=100&select[videoUrl]=true`)
      expect(premiumPaths(res.body.docs)).toEqual([`/media/videos/${SEEDED.premiumManual}.mp4`])
    }
    const free = await visitor().get(`/cms/api/videos?select[videoUrl]=true&where[videoId][equals]=${SEEDED.freeManual}`)
    expect(free.body.docs[0].videoUrl).toBe(`/media/videos/${SEEDED.freeManual}.mp4`)
  })
})

describe('filtering on hidden fields (item 6)', () => {
  it.each([
    'where[author.sessions.id][like]=a',
    'where[author__sessions__id][like]=a',
    'where[author.hash][like]=a',
    'where[author.salt][exists]=true',
    'where[author.resetPasswordToken][exists]=true',
    'where[author.lockUntil][exists]=true',
    'where[author.loginAttempts][greater_than]=0',
    'where[author.email][like]=example',
    'where[author.dateOfBirth][less_than]=2000-01-01',
    'where[or][0][author.sessions.id][like]=a',
    'sort=author.sessions.id',
    'sort=-author.email',
    'where[authorEmail][like]=example',
  ])('no visitor or member may filter or sort comments on %s', async (query) => {
    const { client: member } = await registerMember(baseUrl)
    for (const client of [visitor(), member]) {
      const res = await client.get(`/cms/api/comments?${query}`)
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.body.error).toMatch(/not allowed/)
    }
  })

  it("a member's session id cannot be guessed one character at a time", async () => {
    const { client: member } = await registerMember(baseUrl)
    await member.post(`/api/videos/${VIDEO}/comments`, { authorName: 'x', content: 'a comment to find' })
    // Every first character answers alike: refused, whatever the session id starts with.
    const answers = await Promise.all([...'0123456789abcdef'].map((c) => visitor().get(`/cms/api/comments?where[author.sessions.id][like]=${c}`)))
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([400]))
  })

  it('admins may not filter on secrets either, but may on the email they can read', async () => {
    const admin = await signedInAdmin()
    expect((await admin.get('/cms/api/users?where[sessions.id][like]=a')).status).toBe(400)
    expect((await admin.get('/cms/api/users?where[hash][like]=a')).status).toBe(400)
    expect((await admin.get('/cms/api/comments?where[author.sessions.id][like]=a')).status).toBe(400)
    expect((await admin.get('/cms/api/users?where[email][like]=example')).status).toBe(200)
  })

  it('the same filters inside a POST sent as GET are refused', async () => {
    const res = await visitor().request('POST', '/cms/api/comments', 'where[author.sessions.id][like]=a', {
      'content-type': 'application/x-www-form-urlencoded',
      'x-http-method-override': 'GET',
    })
    expect(res.status).toBe(400)
  })
})

describe('payload-preferences (item 8)', () => {
  it('members cannot store preferences; visitors are asked to sign in', async () => {
    const { client: member } = await registerMember(baseUrl)
    const write = await member.post('/cms/api/payload-preferences/anything', { value: 'x'.repeat(1000) })
    expect(write.status).toBe(403)
    expect(write.body.error).toBe('Only admins can use the admin panel.')
    expect((await member.get('/cms/api/payload-preferences')).status).toBe(403)
    expect((await member.get('/cms/api/payload-preferences/anything')).status).toBe(403)
    expect((await visitor().post('/cms/api/payload-preferences/anything', { value: 1 })).status).toBe(401)
  })

  it('an admin keeps, reads and deletes their own; deleting a missing key is a 404', async () => {
    const admin = await signedInAdmin()
    expect((await admin.post('/cms/api/payload-preferences/review-test', { value: { columns: ['title'] } })).status).toBe(200)
    expect((await admin.get('/cms/api/payload-preferences/review-test')).body.value).toEqual({ columns: ['title'] })
    expect((await admin.request('DELETE', '/cms/api/payload-preferences/review-test')).status).toBe(200)
    expect((await admin.request('DELETE', '/cms/api/payload-preferences/review-test')).status).toBe(404)
  })
})

describe('inactive announcements (item 11)', () => {
  it('the REST API shows visitors and members only what the banner shows; admins see all', async () => {
    const admin = await signedInAdmin()
    const stamp = Date.now()
    const inactive = (await admin.post('/api/announcements', { title: `Hidden ${stamp}`, content: 'switched off', type: 'general' })).body
    expect((await admin.patch(`/api/announcements/${inactive.id}`, { isActive: false })).status).toBe(200)
    const expired = (await admin.post('/api/announcements', { title: `Expired ${stamp}`, content: 'past', type: 'event', expiresAt: '2020-01-01T00:00:00.000Z' })).body
    const live = (await admin.post('/api/announcements', { title: `Live ${stamp}`, content: 'on', type: 'update' })).body
    const { client: member } = await registerMember(baseUrl)
    for (const client of [visitor(), member]) {
      for (const query of ['limit=100', 'where[isActive][equals]=false', 'where[expiresAt][less_than]=2021-01-01', `where[title][like]=${stamp}`]) {
        const ids = (await client.get(`/cms/api/announcements?${query}`)).body.docs.map((d: { id: number }) => d.id)
        expect(ids, query).not.toContain(inactive.id)
        expect(ids, query).not.toContain(expired.id)
      }
      expect((await client.get(`/cms/api/announcements/${inactive.id}`)).status).toBe(404)
      expect((await client.get(`/cms/api/announcements?where[title][like]=${stamp}`)).body.docs.map((d: { id: number }) => d.id)).toEqual([live.id])
    }
    const asAdmin = (await admin.get(`/cms/api/announcements?where[title][like]=${stamp}`)).body.docs.map((d: { id: number }) => d.id)
    expect(asAdmin.sort()).toEqual([inactive.id, expired.id, live.id].sort())
    for (const a of [inactive, expired, live]) await admin.request('DELETE', `/api/announcements/${a.id}`)
  })
})

describe('moderators and bulk deletes (item 12)', () => {
  async function moderator() {
    const admin = await signedInAdmin()
    const member = await registerMember(baseUrl)
    expect((await admin.patch(`/cms/api/users/${member.user.id}`, { isModerator: true })).status).toBe(200)
    return member
  }
  const commentBy = async (client: ApiClient, content: string) => {
    const res = await client.post(`/api/videos/${VIDEO}/comments`, { authorName: 'Poster', content })
    expect(res.status).toBe(201)
    return res.body.id as number
  }
  const exists = async (id: number) => (await (await signedInAdmin()).get(`/cms/api/comments/${id}`)).status === 200

  it("a moderator's filtered bulk delete through REST removes nobody else's comments", async () => {
    const mod = await moderator()
    const others = [await commentBy(visitor(), 'bulk target one'), await commentBy(visitor(), 'bulk target two')]
    const res = await mod.client.request('DELETE', `/cms/api/comments?where[video.videoId][equals]=${VIDEO}`)
    expect(res.status).toBeLessThan(500)
    for (const id of others) expect(await exists(id)).toBe(true)
    // By id, one at a time, they may (REST and the site's API alike).
    expect((await mod.client.request('DELETE', `/cms/api/comments/${others[0]}`)).status).toBe(200)
    expect((await mod.client.request('DELETE', `/api/comments/${others[1]}`)).status).toBe(200)
    for (const id of others) expect(await exists(id)).toBe(false)
  })

  it('every moderation delete is logged with who deleted what', async () => {
    const mod = await moderator()
    const id = await commentBy(visitor(), 'logged removal')
    const offset = logOffset()
    expect((await mod.client.request('DELETE', `/api/comments/${id}`)).status).toBe(200)
    const lines = await logEntriesSince(offset)
    const entry = lines.find((l) => l.event === 'comment_moderated')
    expect(entry, lines.map((l) => JSON.stringify(l)).join('\n')).toBeDefined()
    expect(entry.by).toMatchObject({ id: mod.user.id, username: mod.user.username, moderator: true })
    expect(entry.comment).toMatchObject({ id, authorName: 'Poster' })
  })
})

describe('post drafts, versions and jobs through REST', () => {
  it('visitors and members get no draft text, no version and no job, whatever they ask', async () => {
    const admin = await signedInAdmin()
    const draft = (await admin.post('/api/blog-posts', { title: `REST draft ${Date.now()}`, content: 'Unpublished words.', status: 'draft' })).body
    const { client: member } = await registerMember(baseUrl)
    try {
      for (const client of [visitor(), member]) {
        for (const path of [`/cms/api/posts?draft=true&limit=100`, `/cms/api/posts?draft=true&where[_status][equals]=draft`, `/cms/api/posts/${draft.id}?draft=true`]) {
          const res = await client.get(path)
          expect(JSON.stringify(res.body), path).not.toContain('Unpublished words')
        }
        for (const path of ['/cms/api/posts/versions', `/cms/api/posts/versions?where[parent][equals]=${draft.id}`, '/cms/api/payload-jobs']) {
          expect((await client.get(path)).status, path).toBe(403)
        }
      }
      expect((await admin.get(`/cms/api/posts/versions?where[parent][equals]=${draft.id}`)).body.totalDocs).toBeGreaterThan(0)
    } finally {
      await admin.request('DELETE', `/api/blog-posts/${draft.id}`)
    }
  })
})

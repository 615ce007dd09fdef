// SPEC §2 Admin panel (Badges), §6 (only admins assign special badges and moderator status), §7
// Admin: the users-with-badges list (search, paging), adding and removing hand-given badges, the
// moderator flag; who may call them; bad input; what the member's profile shows afterwards.
import { randomBytes } from 'node:crypto'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { UNKNOWN_BADGE } from '../../shared/badges'
import { IS_MODERATOR_INVALID } from '../../shared/schemas/admin-users'
import { ApiClient, registerMember } from '../helpers/api-client'
import { logEntriesSince, logOffset } from './server-log'
import { sql } from './sql'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

let adminClient: ApiClient
let adminId: number

beforeAll(async () => {
  adminClient = new ApiClient(baseUrl)
  const login = await adminClient.post('/api/auth/login', admin)
  expect(login.status).toBe(200)
  adminId = login.body.user.id
})

async function moderatorClient() {
  const moderator = await registerMember(baseUrl)
  expect((await adminClient.patch(`/api/admin/users/${moderator.user.id}/moderator`, { isModerator: true })).status).toBe(200)
  return moderator
}

const summaryOf = async (id: number, username: string) => {
  const res = await adminClient.get(`/api/admin/users-with-badges?search=${encodeURIComponent(username)}`)
  expect(res.status).toBe(200)
  return res.body.users.find((u: { id: number }) => u.id === id)
}

describe('who may call the badge and moderator endpoints', () => {
  it('visitor 401, member 403, moderator 403, admin 200 on every endpoint', async () => {
    const target = await registerMember(baseUrl)
    const member = await registerMember(baseUrl)
    const moderator = await moderatorClient()
    const id = target.user.id
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users-with-badges'],
      ['POST', `/api/admin/users/${id}/badges`, { badge: 'contributor' }],
      ['DELETE', `/api/admin/users/${id}/badges/contributor`],
      ['PATCH', `/api/admin/users/${id}/moderator`, { isModerator: false }],
    ]
    for (const [method, path, body] of calls) {
      const label = `${method} ${path}`
      expect((await new ApiClient(baseUrl).request(method, path, body)).status, label).toBe(401)
      const asMember = await member.client.request(method, path, body)
      expect(asMember.status, label).toBe(403)
      expect(asMember.body.error).toBe('Only admins can manage badges and moderators.')
      expect((await moderator.client.request(method, path, body)).status, label).toBe(403)
      expect((await adminClient.request(method, path, body)).status, label).toBe(200)
    }
    // None of the refused calls changed anything.
    expect((await summaryOf(id, target.username)).isModerator).toBe(false)
  })
})

describe('POST and DELETE /api/admin/users/{id}/badges', () => {
  it('adds a hand-given badge once, shows it on the public profile, and removes it', async () => {
    const member = await registerMember(baseUrl)
    const id = member.user.id
    const offset = logOffset()
    const added = await adminClient.post(`/api/admin/users/${id}/badges`, { badge: 'contributor' })
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({ success: true, changed: true, user: { id, username: member.username, memberNumber: member.user.memberNumber } })
    expect(added.body.user.badges).toContain('contributor')
    expect(added.body.user.badges).toContain('member')

    // Adding it again: 200, nothing changes, the badge is held once.
    const again = await adminClient.post(`/api/admin/users/${id}/badges`, { badge: 'contributor' })
    expect(again.status).toBe(200)
    expect(again.body.changed).toBe(false)
    expect(again.body.user.badges.filter((b: string) => b === 'contributor')).toHaveLength(1)

    const profile = await new ApiClient(baseUrl).get(`/api/profile/${id}`)
    expect(profile.body.badges).toContain('contributor')
    // The member's own session sees it too (the header's badges).
    expect((await member.client.get('/api/auth/me')).body.badges).toContain('contributor')

    const removed = await adminClient.request('DELETE', `/api/admin/users/${id}/badges/contributor`)
    expect(removed.status).toBe(200)
    expect(removed.body.changed).toBe(true)
    expect(removed.body.user.badges).not.toContain('contributor')
    expect((await new ApiClient(baseUrl).get(`/api/profile/${id}`)).body.badges).not.toContain('contributor')
    // Removing what is not held: 200, unchanged.
    expect((await adminClient.request('DELETE', `/api/admin/users/${id}/badges/contributor`)).body.changed).toBe(false)

    // One audit line per change, with who and what.
    const audit = (await logEntriesSince(offset)).filter((e) => e.event === 'badge_added' || e.event === 'badge_removed')
    expect(audit.map((e) => [e.event, e.badge, e.user.id, e.by.id])).toEqual([
      ['badge_added', 'contributor', id, adminId],
      ['badge_removed', 'contributor', id, adminId],
    ])
  })

  it('keeps the badges of two admins’ simultaneous additions', async () => {
    const member = await registerMember(baseUrl)
    const id = member.user.id
    const [a, b] = await Promise.all([
      adminClient.post(`/api/admin/users/${id}/badges`, { badge: 'contributor' }),
      adminClient.post(`/api/admin/users/${id}/badges`, { badge: 'verified' }),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect((await summaryOf(id, member.username)).badges).toEqual(expect.arrayContaining(['contributor', 'verified']))
  })

  it('refuses unknown badges, automatic badges, unknown users and malformed ids', async () => {
    const member = await registerMember(baseUrl)
    const id = member.user.id
    const unknown = await adminClient.post(`/api/admin/users/${id}/badges`, { badge: 'superstar' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toBe(UNKNOWN_BADGE)
    expect((await adminClient.request('DELETE', `/api/admin/users/${id}/badges/superstar`)).status).toBe(400)
    expect((await adminClient.post(`/api/admin/users/${id}/badges`, {})).status).toBe(400)

    for (const badge of ['member', 'founder', 'early_1000', 'premium', 'moderator']) {
      const add = await adminClient.post(`/api/admin/users/${id}/badges`, { badge })
      expect(add.status, badge).toBe(400)
      expect(add.body.error, badge).toMatch(/cannot be added or removed by hand|moderator switch/)
      expect((await adminClient.request('DELETE', `/api/admin/users/${id}/badges/${badge}`)).status, badge).toBe(400)
    }
    // The member badge stayed.
    expect((await summaryOf(id, member.username)).badges).toContain('member')

    const missing = await adminClient.post('/api/admin/users/2147483000/badges', { badge: 'contributor' })
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe('User Not Found')
    expect((await adminClient.request('DELETE', '/api/admin/users/2147483000/badges/contributor')).status).toBe(404)
    expect((await adminClient.patch('/api/admin/users/2147483000/moderator', { isModerator: true })).status).toBe(404)

    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await adminClient.post(`/api/admin/users/${bad}/badges`, { badge: 'contributor' })
      expect(res.status, bad).toBe(400)
      expect(res.body.error).toBe('User id must be a positive whole number')
    }
  })
})

describe('PATCH /api/admin/users/{id}/moderator', () => {
  it('makes a member a moderator (badge and comment powers) and back, with an audit line each way', async () => {
    const member = await registerMember(baseUrl)
    const id = member.user.id
    const offset = logOffset()
    const on = await adminClient.patch(`/api/admin/users/${id}/moderator`, { isModerator: true })
    expect(on.status).toBe(200)
    expect(on.body).toMatchObject({ changed: true, user: { id, isModerator: true, isAdmin: false } })
    expect(on.body.user.badges).toContain('moderator')
    expect((await member.client.get('/api/auth/me')).body).toMatchObject({ isModerator: true })
    expect((await member.client.get('/api/auth/me')).body.badges).toContain('moderator')
    expect((await new ApiClient(baseUrl).get(`/api/profile/${id}`)).body.badges).toContain('moderator')

    expect((await adminClient.patch(`/api/admin/users/${id}/moderator`, { isModerator: true })).body.changed).toBe(false)

    const off = await adminClient.patch(`/api/admin/users/${id}/moderator`, { isModerator: false })
    expect(off.body).toMatchObject({ changed: true, user: { isModerator: false } })
    expect(off.body.user.badges).not.toContain('moderator')
    expect((await member.client.get('/api/auth/me')).body.isModerator).toBe(false)
    expect((await new ApiClient(baseUrl).get(`/api/profile/${id}`)).body.badges).not.toContain('moderator')

    const audit = (await logEntriesSince(offset)).filter((e) => /^moderator_/.test(e.event ?? ''))
    expect(audit.map((e) => [e.event, e.user.id, e.by.id])).toEqual([
      ['moderator_granted', id, adminId],
      ['moderator_removed', id, adminId],
    ])
  })

  it('refuses a flag that is not a boolean', async () => {
    const member = await registerMember(baseUrl)
    for (const body of [{ isModerator: 'yes' }, { isModerator: 1 }, {}]) {
      const res = await adminClient.patch(`/api/admin/users/${member.user.id}/moderator`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error).toBe(IS_MODERATOR_INVALID)
    }
  })

  it('lets an admin mark their own account, leaving isAdmin as it is', async () => {
    const on = await adminClient.patch(`/api/admin/users/${adminId}/moderator`, { isModerator: true })
    expect(on.body.user).toMatchObject({ isAdmin: true, isModerator: true })
    const off = await adminClient.patch(`/api/admin/users/${adminId}/moderator`, { isModerator: false })
    expect(off.body.user).toMatchObject({ isAdmin: true, isModerator: false })
  })
})

describe('GET /api/admin/users-with-badges', () => {
  it('searches usernames and emails by their start, and member numbers; pages the result', async () => {
    const prefix = `srch${randomBytes(3).toString('hex')}`
    const members = []
    for (let i = 0; i < 3; i++) members.push(await registerMember(baseUrl, { username: `${prefix}_${i}`, email: `${prefix}_${i}@example.org` }))

    const all = await adminClient.get(`/api/admin/users-with-badges?search=${prefix}`)
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ totalDocs: 3, totalPages: 1, page: 1, limit: 100 })
    // Member-number order.
    expect(all.body.users.map((u: { username: string }) => u.username)).toEqual([0, 1, 2].map((i) => `${prefix}_${i}`))
    expect(Object.keys(all.body.users[0]).sort()).toEqual(['badges', 'email', 'id', 'isAdmin', 'isModerator', 'isPremium', 'memberNumber', 'username'])
    expect(all.body.users[0]).toMatchObject({ isAdmin: false, isModerator: false, isPremium: false, email: `${prefix}_0@example.org` })

    // Case does not matter; '@' before a username is allowed.
    expect((await adminClient.get(`/api/admin/users-with-badges?search=@${prefix.toUpperCase()}_1`)).body.users.map((u: { id: number }) => u.id)).toEqual([members[1]!.user.id])

    const page2 = await adminClient.get(`/api/admin/users-with-badges?search=${prefix}&limit=2&page=2`)
    expect(page2.body).toMatchObject({ totalDocs: 3, totalPages: 2, page: 2, limit: 2 })
    expect(page2.body.users.map((u: { id: number }) => u.id)).toEqual([members[2]!.user.id])

    const byNumber = await adminClient.get(`/api/admin/users-with-badges?search=%23${members[0]!.user.memberNumber}`)
    expect(byNumber.body.users.map((u: { id: number }) => u.id)).toContain(members[0]!.user.id)

    // The middle of a name is not its start; LIKE's wildcards are taken literally.
    expect((await adminClient.get(`/api/admin/users-with-badges?search=${prefix.slice(2)}`)).body.totalDocs).toBe(0)
    expect((await adminClient.get(`/api/admin/users-with-badges?search=${prefix}%25`)).body.totalDocs).toBe(0)
    expect((await adminClient.get(`/api/admin/users-with-badges?search=${prefix}__`)).body.totalDocs).toBe(0)
  })

  it('lists up to 100 a page and answers a long search with 400', async () => {
    const res = await adminClient.get('/api/admin/users-with-badges?limit=500')
    expect(res.status).toBe(200)
    expect(res.body.limit).toBe(100)
    expect(res.body.users.length).toBeLessThanOrEqual(100)
    expect(res.body.totalDocs).toBeGreaterThanOrEqual(res.body.users.length)
    expect((await adminClient.get(`/api/admin/users-with-badges?search=${'a'.repeat(101)}`)).status).toBe(400)
  })
})

describe('computed badges through Payload REST (/cms/api/users)', () => {
  const storedBadges = async (id: number) =>
    (await sql<{ badge: string }>('select value::text as badge from users_badges where parent_id = $1 order by "order"', [id])).map((row) => row.badge)

  it('an admin PATCH of badges keeps member and the early tiers; hand-given ones are set as sent', async () => {
    const member = await registerMember(baseUrl)
    const id = member.user.id
    const computed = await storedBadges(id)
    expect(computed).toContain('member')
    expect((await adminClient.patch(`/cms/api/users/${id}`, { badges: ['contributor'] })).status).toBe(200)
    expect(await storedBadges(id)).toEqual([...computed, 'contributor'])
    expect((await adminClient.patch(`/cms/api/users/${id}`, { badges: [] })).status).toBe(200)
    expect(await storedBadges(id)).toEqual(computed)
    expect((await new ApiClient(baseUrl).get(`/api/profile/${id}`)).body.badges).toEqual(expect.arrayContaining(computed))

    // Member number 1 (the site's creator) holds every early tier: none of them can be stripped either.
    const before = await storedBadges(adminId)
    expect(before).toEqual(expect.arrayContaining(['founder', 'early_50', 'early_100', 'early_1000', 'member']))
    try {
      expect((await adminClient.patch(`/cms/api/users/${adminId}`, { badges: ['verified'] })).status).toBe(200)
      expect(await storedBadges(adminId)).toEqual(expect.arrayContaining(['founder', 'early_50', 'early_100', 'early_1000', 'member', 'verified']))
    } finally {
      await adminClient.patch(`/cms/api/users/${adminId}`, { badges: before })
    }
    expect(await storedBadges(adminId)).toEqual(before)
  })
})

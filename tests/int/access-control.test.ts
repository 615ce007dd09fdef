import { describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

async function signedInAdmin() {
  const client = new ApiClient(baseUrl)
  const res = await client.post('/api/auth/login', admin)
  expect(res.status).toBe(200)
  return client
}

describe('members cannot raise their own privileges', () => {
  it('through Payload REST on themselves: refused, and protected fields stay as they were', async () => {
    const { client, user } = await registerMember(baseUrl)
    const res = await client.patch(`/cms/api/users/${user.id}`, {
      isAdmin: true, isModerator: true, isPremium: true, premiumExpiresAt: '2099-01-01T00:00:00.000Z',
      points: 99999, level: 10, badges: ['founder'], memberNumber: 1, isVerified: true, paypalSubscriptionId: 'I-FAKE',
      bio: 'Just a member',
    })
    expect(res.status).toBe(403)
    const me = await client.get('/api/auth/me')
    // Points are only what the ledger gave (joining, the login bonus, perhaps Founding Member): never 99999.
    expect(me.body).toMatchObject({ isAdmin: false, isModerator: false, isPremium: false, level: 1, isVerified: false, memberNumber: user.memberNumber })
    expect(me.body.points).toBeLessThan(100)
    expect(me.body.badges).toEqual(user.badges)
  })

  it('cannot change their username, email or password past the site\'s rules through Payload REST', async () => {
    const { client, username, password, user } = await registerMember(baseUrl)
    for (const change of [{ username: 'сreator' }, { password: 'abc' }, { email: 'taken@example.org' }, { website: 'javascript:alert(1)' }]) {
      expect((await client.patch(`/cms/api/users/${user.id}`, change)).status).toBe(403)
    }
    expect((await new ApiClient(baseUrl).post('/api/auth/login', { username, password })).status).toBe(200)
    expect((await client.get('/api/auth/me')).body.username).toBe(username)
  })

  it('cannot lock documents against the admins (document locking is off)', async () => {
    const { client } = await registerMember(baseUrl)
    const lock = await client.post('/cms/api/payload-locked-documents', { document: { relationTo: 'posts', value: 1 }, user: { relationTo: 'users', value: 1 } })
    expect(lock.status).toBe(404)
    const adminClient = await signedInAdmin()
    const post = (await adminClient.get('/cms/api/posts?limit=1&depth=0')).body.docs[0]
    expect((await adminClient.patch(`/cms/api/posts/${post.id}`, { excerpt: post.excerpt })).status).toBe(200)
  })

  it('cannot learn a premium file\'s path by filtering or sorting on videoUrl', async () => {
    const adminClient = await signedInAdmin()
    const premium = (await adminClient.get('/cms/api/videos?limit=1&depth=0&where[isPremium][equals]=true&where[source][equals]=manual')).body.docs[0]
    expect(premium.videoUrl).toMatch(/^\/media\/videos\//)
    const { client } = await registerMember(baseUrl)
    for (const who of [new ApiClient(baseUrl), client]) {
      const exact = await who.get(`/cms/api/videos?depth=0&where[id][equals]=${premium.id}&where[videoUrl][equals]=${encodeURIComponent(premium.videoUrl)}`)
      expect(exact.status === 200 ? exact.body.totalDocs : 0).toBe(0)
      const sorted = await who.get('/cms/api/videos?depth=0&limit=100&sort=videoUrl')
      if (sorted.status === 200) expect(JSON.stringify(sorted.body)).not.toContain(premium.videoUrl)
    }
  })

  it('through Payload REST on someone else, or by creating accounts', async () => {
    const a = await registerMember(baseUrl)
    const b = await registerMember(baseUrl)
    const other = await a.client.patch(`/cms/api/users/${b.user.id}`, { bio: 'hijacked' })
    expect([403, 404]).toContain(other.status)
    const create = await a.client.post('/cms/api/users', { username: 'sneaky_admin', password: 'password-123', isAdmin: true })
    expect(create.status).toBe(403)
    const list = await a.client.get('/cms/api/users?limit=100')
    expect(list.status).toBe(200)
    expect(list.body.docs.map((u: { id: number }) => u.id)).toEqual([a.user.id])
  })

  it('a visitor gets nothing from the users collection', async () => {
    const res = await new ApiClient(baseUrl).get('/cms/api/users')
    expect(res.status).toBe(403)
  })

  it('only admins enter the admin panel', async () => {
    const { client } = await registerMember(baseUrl)
    const member = await client.get('/cms')
    expect(member.status).toBe(307)
    expect(member.headers.get('location')).toMatch(/\/cms\/unauthorized$/)
    const adminClient = await signedInAdmin()
    const asAdmin = await adminClient.get('/cms')
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body).toMatch(/Dashboard/)
  })

  it('an admin can set the flags a member cannot; points stay the ledger\'s', async () => {
    const { client, user } = await registerMember(baseUrl)
    await client.get('/api/auth/me') // the day's login bonus
    const before = (await client.get('/api/auth/me')).body.points
    const adminClient = await signedInAdmin()
    const res = await adminClient.patch(`/cms/api/users/${user.id}`, { isModerator: true, points: 120 })
    expect(res.status).toBe(200)
    expect((await client.get('/api/auth/me')).body).toMatchObject({ isModerator: true, points: before })
  })

  it('visitors never see draft posts through /cms/api', async () => {
    const visitor = await new ApiClient(baseUrl).get('/cms/api/posts?limit=100&where[status][equals]=draft')
    expect(visitor.status).toBe(200)
    expect(visitor.body.totalDocs).toBe(0)
    const adminClient = await signedInAdmin()
    const asAdmin = await adminClient.get('/cms/api/posts?limit=100&where[status][equals]=draft')
    expect(asAdmin.body.totalDocs).toBeGreaterThan(0)
  })
})

describe('server basics', () => {
  it('GET /healthz checks the database', async () => {
    const res = await new ApiClient(baseUrl).get('/healthz')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok', database: 'ok' })
  })

  it('answers 404, not 500, on the unused email-verification route', async () => {
    const res = await new ApiClient(baseUrl).post('/cms/api/users/verify/not-a-token')
    expect(res.status).toBe(404)
    expect(res.body.error).toBeTruthy()
  })

  it('sends security headers', async () => {
    const res = await fetch(`${baseUrl}/login`)
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/)
  })

  it('answers unknown paths with the 404 page', async () => {
    const res = await fetch(`${baseUrl}/no-such-page-here`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    expect(await res.text()).toMatch(/Page Not Found/)
  })
})

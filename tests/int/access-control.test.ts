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
  it('through Payload REST on themselves: protected fields stay as they were', async () => {
    const { client, user } = await registerMember(baseUrl)
    const res = await client.patch(`/cms/api/users/${user.id}`, {
      isAdmin: true, isModerator: true, isPremium: true, premiumExpiresAt: '2099-01-01T00:00:00.000Z',
      points: 99999, level: 10, badges: ['founder'], memberNumber: 1, isVerified: true, paypalSubscriptionId: 'I-FAKE',
      bio: 'Just a member',
    })
    expect(res.status).toBe(200)
    const me = await client.get('/api/auth/me')
    expect(me.body).toMatchObject({ isAdmin: false, isModerator: false, isPremium: false, points: 0, level: 1, isVerified: false, memberNumber: user.memberNumber })
    expect(me.body.badges).toEqual(user.badges)
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

  it('an admin can set the flags a member cannot', async () => {
    const { client, user } = await registerMember(baseUrl)
    const adminClient = await signedInAdmin()
    const res = await adminClient.patch(`/cms/api/users/${user.id}`, { isModerator: true, points: 120 })
    expect(res.status).toBe(200)
    expect((await client.get('/api/auth/me')).body).toMatchObject({ isModerator: true, points: 120 })
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

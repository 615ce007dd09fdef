import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'

import { ApiClient, isoDateYearsAgo, registerMember, uniqueUsername } from '../helpers/api-client'

const baseUrl = inject('baseUrl')
const password = 'correct-horse-9'
const form = (overrides: Record<string, unknown> = {}) => {
  const username = uniqueUsername()
  return { username, email: `${username}@example.org`, dateOfBirth: isoDateYearsAgo(30), password, confirmPassword: password, ...overrides }
}

describe('POST /api/auth/register', () => {
  it('opens an account, signs the member in and returns only public fields', async () => {
    const client = new ApiClient(baseUrl)
    const data = form()
    const res = await client.post('/api/auth/register', data)
    expect(res.status).toBe(201)
    expect(res.body.user).toMatchObject({ username: data.username, email: data.email, isVerified: false, isAdmin: false, isPremium: false, level: 1 })
    // Joining earns community_join, and the answer says so.
    expect(res.body.user.points).toBe(res.body.award.pointsAwarded)
    expect(res.body.award.pointsAwarded).toBeGreaterThanOrEqual(25)
    expect(res.body.user.memberNumber).toBeGreaterThan(1)
    expect(res.body.user.badges).toContain('member')
    for (const secret of ['password', 'hash', 'salt', 'dateOfBirth', 'paypalCustomerId', 'sessions']) {
      expect(res.body.user).not.toHaveProperty(secret)
    }
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/payload-token=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Secure/i) // the server runs with NODE_ENV=production
    const me = await client.get('/api/auth/me')
    expect(me.status).toBe(200)
    expect(me.body.username).toBe(data.username)
  })

  it.each([
    ['a missing username', { username: '' }, 'Username is required'],
    ['a short password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['different passwords', { confirmPassword: 'something-else-1' }, "Passwords don't match"],
    ['a birth date in the future', { dateOfBirth: isoDateYearsAgo(-1) }, 'Date of birth cannot be in the future'],
    ['a 12-year-old', { dateOfBirth: isoDateYearsAgo(12) }, 'You must be at least 13 years old to use this platform'],
    ['a day short of 13', { dateOfBirth: isoDateYearsAgo(13, 1) }, 'You must be at least 13 years old to use this platform'],
  ])('refuses %s with a clear message and creates nothing', async (_label, overrides, message) => {
    const client = new ApiClient(baseUrl)
    const data = form(overrides)
    const res = await client.post('/api/auth/register', data)
    expect(res.status).toBe(400)
    expect(res.body.error).toBe(message)
    expect(client.cookie).toBeNull()
    const login = await new ApiClient(baseUrl).post('/api/auth/login', { username: data.username || 'x', password: data.password })
    expect(login.status).toBe(401)
  })

  it('accepts a member on their 13th birthday (the rule is enforced by the server, not the form)', async () => {
    const res = await new ApiClient(baseUrl).post('/api/auth/register', form({ dateOfBirth: isoDateYearsAgo(13) }))
    expect(res.status).toBe(201)
  })

  it('answers 409 for a taken username, whatever its case', async () => {
    const { username } = await registerMember(baseUrl)
    const res = await new ApiClient(baseUrl).post('/api/auth/register', form({ username: username.toUpperCase() }))
    expect(res.status).toBe(409)
    expect(res.body.error).toMatch(/already taken/)
  })

  it('ignores flags a member tries to set on themselves', async () => {
    const client = new ApiClient(baseUrl)
    const res = await client.post('/api/auth/register', { ...form(), isAdmin: true, isPremium: true, points: 5000, memberNumber: 1, badges: ['founder'], isVerified: true })
    expect(res.status).toBe(201)
    expect(res.body.user).toMatchObject({ isAdmin: false, isPremium: false, isVerified: false })
    expect(res.body.user.points).toBe(res.body.award.pointsAwarded)
    expect(res.body.user.points).toBeLessThan(5000)
    expect(res.body.user.memberNumber).not.toBe(1)
  })

  it('gives concurrent registrations distinct member numbers with no gaps', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => new ApiClient(baseUrl).post('/api/auth/register', form())))
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201))
    const numbers = results.map((r) => r.body.user.memberNumber as number).sort((a, b) => a - b)
    expect(new Set(numbers).size).toBe(12)
    expect(numbers[11]! - numbers[0]!).toBe(11)

    const db = new pg.Client({ connectionString: inject('databaseUrl') })
    await db.connect()
    try {
      const { rows } = await db.query('select member_number from users order by member_number')
      const all = rows.map((r) => Number(r.member_number))
      expect(all).toEqual(all.map((_, i) => i + 1)) // 1, 2, 3, … with no gap or duplicate
    } finally {
      await db.end()
    }
  })

  it('rejects a body that is not JSON, and one that is too large', async () => {
    const client = new ApiClient(baseUrl)
    const bad = await client.request('POST', '/api/auth/register', '{not json', { 'content-type': 'application/json' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/valid JSON/)
    const huge = await client.post('/api/auth/register', { ...form(), bio: 'x'.repeat(100_000) })
    expect(huge.status).toBe(413)
    expect(huge.body.error).toBeTruthy()
  })

  it('limits registrations per IP with a 429 and a clear message', async () => {
    const client = new ApiClient(baseUrl)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/auth/register', form({ username: '' }))).status)
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400])
    const limited = await client.post('/api/auth/register', form())
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatch(/Too many attempts/)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('refuses a cross-site registration attempt', async () => {
    const res = await new ApiClient(baseUrl).request('POST', '/api/auth/register', form(), { origin: 'https://evil.example', 'content-type': 'application/json' })
    expect(res.status).toBe(403)
    expect(res.body.error).toMatch(/Cross-site/)
  })
})

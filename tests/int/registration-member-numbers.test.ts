import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'

import { ApiClient, isoDateYearsAgo, registerMember, uniqueUsername } from '../helpers/api-client'

const baseUrl = inject('baseUrl')

async function signedInAdmin() {
  const admin = new ApiClient(baseUrl)
  expect((await admin.post('/api/auth/login', inject('admin'))).status).toBe(200)
  return admin
}

async function memberNumbers(): Promise<number[]> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') })
  await db.connect()
  try {
    const { rows } = await db.query<{ n: number | null }>('select member_number as n from users order by member_number nulls first')
    return rows.map((r) => r.n as number)
  } finally {
    await db.end()
  }
}

describe('every account gets the next member number, however it is created', () => {
  it('an account an admin creates in /cms (Payload REST) gets the next number and its badges', async () => {
    const admin = await signedInAdmin()
    const { user: before } = await registerMember(baseUrl)
    const username = uniqueUsername('cmsmade')
    const created = await admin.post('/cms/api/users', { username, password: 'made-in-cms-9', dateOfBirth: `${isoDateYearsAgo(30)}T00:00:00.000Z`, memberNumber: 1, badges: ['founder', 'verified'] })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.doc.memberNumber).toBe(before.memberNumber + 1)
    expect(created.body.doc.badges).toContain('member')
    expect(created.body.doc.badges).not.toContain('founder') // tier badges follow the number, never the form
    expect(created.body.doc.badges).toContain('verified') // other badges an admin gives are kept
    const { user: after } = await registerMember(baseUrl)
    expect(after.memberNumber).toBe(before.memberNumber + 2)
    // The account signs in like any other.
    expect((await new ApiClient(baseUrl).post('/api/auth/login', { username, password: 'made-in-cms-9' })).status).toBe(200)
  })

  it('concurrent creations, in /cms and by registration, share one sequence with no gaps', async () => {
    const admin = await signedInAdmin()
    const password = 'correct-horse-9'
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => {
        const username = uniqueUsername()
        return new ApiClient(baseUrl).post('/api/auth/register', { username, dateOfBirth: isoDateYearsAgo(30), password, confirmPassword: password })
      }),
      ...Array.from({ length: 3 }, () => admin.post('/cms/api/users', { username: uniqueUsername('cmsmade'), password, dateOfBirth: `${isoDateYearsAgo(30)}T00:00:00.000Z` })),
    ])
    expect(results.map((r) => r.status)).toEqual([...Array(6).fill(201), ...Array(3).fill(201)])
    const given = results.map((r) => (r.body.user ?? r.body.doc).memberNumber as number).sort((a, b) => a - b)
    expect(given).toEqual(given.map((_, i) => given[0]! + i)) // distinct and consecutive
    const numbers = await memberNumbers()
    expect(numbers).not.toContain(null) // every account has one
    expect(new Set(numbers).size).toBe(numbers.length)
  })
})

describe('password reset is off until the site sends email', () => {
  it('forgot-password and reset-password answer 404 with { error }, and nothing is sent or changed', async () => {
    const { username, password } = await registerMember(baseUrl)
    const client = new ApiClient(baseUrl)
    const forgot = await client.post('/cms/api/users/forgot-password', { username })
    expect(forgot.status).toBe(404)
    expect(forgot.body.error).toMatch(/Password reset is not available/)
    const reset = await client.post('/cms/api/users/reset-password', { token: 'x'.repeat(40), password: 'taken-over-123' })
    expect(reset.status).toBe(404)
    expect(reset.body.error).toMatch(/Password reset is not available/)
    expect((await new ApiClient(baseUrl).post('/api/auth/login', { username, password })).status).toBe(200)
  })

  // The sign-in screen's missing link is a browser test (tests/e2e/cms-login.spec.ts).
  it("/cms's reset screens lead back to sign-in", async () => {
    for (const path of ['/cms/forgot', `/cms/reset/${'x'.repeat(40)}`]) {
      const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual' })
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe('/cms/login')
    }
  })
})

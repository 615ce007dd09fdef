import { describe, expect, inject, it } from 'vitest'

import { ApiClient, isoDateYearsAgo, registerMember } from '../helpers/api-client'

const baseUrl = inject('baseUrl')

describe('sign-in, sessions and age verification', () => {
  it('GET /api/auth/me answers 401 with { error } for a visitor', async () => {
    const res = await new ApiClient(baseUrl).get('/api/auth/me')
    expect(res.status).toBe(401)
    expect(res.body.error).toBeTruthy()
  })

  it('signs in with the right password only', async () => {
    const { username, password } = await registerMember(baseUrl)
    const wrong = await new ApiClient(baseUrl).post('/api/auth/login', { username, password: 'not-the-password' })
    expect(wrong.status).toBe(401)
    expect(wrong.body.error).toBe('Invalid username or password.')
    const client = new ApiClient(baseUrl)
    const ok = await client.post('/api/auth/login', { username, password })
    expect(ok.status).toBe(200)
    expect(ok.body.user.username).toBe(username)
    expect((await client.get('/api/auth/me')).body.username).toBe(username)
  })

  it('validates the login body with the spec messages', async () => {
    const client = new ApiClient(baseUrl)
    expect((await client.post('/api/auth/login', { password: 'x' })).body.error).toBe('Username is required')
    expect((await client.post('/api/auth/login', { username: 'someone' })).body.error).toBe('Password is required')
  })

  it('logout ends the session on the server: the old cookie stops working', async () => {
    const { client } = await registerMember(baseUrl)
    const stolen = client.cookie
    const out = await client.post('/api/auth/logout')
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ success: true })
    expect(client.cookie).toBeNull()
    const replay = new ApiClient(baseUrl)
    replay.cookie = stolen
    expect((await replay.get('/api/auth/me')).status).toBe(401)
  })

  it('holds back an address after repeated failures on an account, never the owner elsewhere', async () => {
    const { username, password } = await registerMember(baseUrl)
    const stranger = new ApiClient(baseUrl)
    for (let i = 0; i < 5; i++) {
      const attempt = await stranger.post('/api/auth/login', { username, password: `wrong-${i}-password` })
      expect(attempt.status).toBe(401)
    }
    const held = await stranger.post('/api/auth/login', { username, password })
    expect(held.status).toBe(429)
    expect(held.body.error).toMatch(/^Too many attempts/)
    expect(held.body.error).not.toMatch(/locked/)
    // No account lock: the owner, from their own address, signs in.
    expect((await new ApiClient(baseUrl).post('/api/auth/login', { username, password })).status).toBe(200)
  })

  it('rate-limits sign-in attempts per IP', async () => {
    const client = new ApiClient(baseUrl)
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/api/auth/login', { username: `nobody_${i}`, password: 'whatever-123' })).status).toBe(401)
    }
    const limited = await client.post('/api/auth/login', { username: 'nobody', password: 'whatever-123' })
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatch(/Too many attempts/)
    // Another address is unaffected.
    expect((await new ApiClient(baseUrl).post('/api/auth/login', { username: 'nobody', password: 'whatever-123' })).status).toBe(401)
  })

  it('verifies age against the registered date of birth', async () => {
    const dateOfBirth = isoDateYearsAgo(20)
    const { client } = await registerMember(baseUrl, { dateOfBirth })
    expect((await new ApiClient(baseUrl).post('/api/auth/verify-age', { dateOfBirth })).status).toBe(401)
    const mismatch = await client.post('/api/auth/verify-age', { dateOfBirth: isoDateYearsAgo(21) })
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.error).toMatch(/does not match/)
    const young = await client.post('/api/auth/verify-age', { dateOfBirth: isoDateYearsAgo(10) })
    expect(young.status).toBe(400)
    expect(young.body.error).toBe('You must be at least 13 years old to use this platform')
    const ok = await client.post('/api/auth/verify-age', { dateOfBirth })
    expect(ok.status).toBe(200)
    expect(ok.body.user.isVerified).toBe(true)
    expect((await client.get('/api/auth/me')).body.isVerified).toBe(true)
  })
})

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { startTestServer, type TestServer } from '../helpers/test-server'

// A second server on the suite's database, with password reset turned on.
let server: TestServer
beforeAll(async () => {
  server = await startTestServer('reset', inject('databaseUrl'), { TRUST_PROXY: 'true', PASSWORD_RESET: 'true', SEED: '0' })
}, 240_000)
afterAll(async () => {
  await server?.stop()
})

describe('password reset with PASSWORD_RESET=true', () => {
  it("/cms's reset screen opens", async () => {
    expect((await fetch(`${server.url}/cms/forgot`, { redirect: 'manual' })).status).toBe(200)
  })

  it('forgot-password works, limited per address and per account name', async () => {
    const { username } = await registerMember(server.url)
    const client = new ApiClient(server.url)
    const first = await client.post('/cms/api/users/forgot-password', { username })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    for (let i = 0; i < 4; i++) expect((await client.post('/cms/api/users/forgot-password', { username: `${username}_${i}` })).status).toBeLessThan(429)
    const perAddress = await client.post('/cms/api/users/forgot-password', { username })
    expect(perAddress.status).toBe(429)
    expect(perAddress.body.error).toMatch(/Too many attempts/)

    const { username: target } = await registerMember(server.url)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await new ApiClient(server.url).post('/cms/api/users/forgot-password', { username: target })).status)
    expect(statuses.slice(0, 5).every((status) => status === 200)).toBe(true)
    expect(statuses[5]).toBe(429)
  })
})

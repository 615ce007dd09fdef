import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { rules } from '../../cms/services/rate-limit'
import { rateLimitKey } from '../../cms/services/rate-limit/client-key'
import { registerMember, uniqueIp, uniqueUsername } from '../helpers/api-client'
import { startTestServer, type TestServer } from '../helpers/test-server'
import { browserAgent, newNetwork, newTag, until } from './analytics-helpers'
import { sql } from './sql'

// Two server processes on the suite's database, as behind a load balancer: a client's requests
// land on either, and every limit must count them together.
const databaseUrl = inject('databaseUrl')
let a: TestServer
let b: TestServer
const addresses: string[] = []
const networks: string[] = []

beforeAll(async () => {
  const env = { TRUST_PROXY: 'true', SEED: '0' }
  ;[a, b] = await Promise.all([startTestServer('limits-a', databaseUrl, env), startTestServer('limits-b', databaseUrl, env)])
}, 240_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  // The counters this file made (every key of them ends with one of its client keys).
  for (const address of addresses) await sql(`DELETE FROM rate_limits WHERE key LIKE $1`, [`%${rateLimitKey(address)}`])
  for (const range of networks) {
    await sql(
      `WITH gone AS (DELETE FROM page_views WHERE ip_address = $1 RETURNING session_id) DELETE FROM user_sessions WHERE session_id IN (SELECT session_id FROM gone)`,
      [range],
    )
    await sql(`DELETE FROM rate_limits WHERE key LIKE $1`, [`page-views-%:${range}%`])
  }
})

const clientIp = () => {
  const ip = uniqueIp()
  addresses.push(ip)
  return ip
}

async function signIn(server: TestServer, ip: string, username: string, password: string) {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { origin: server.url, 'x-forwarded-for': ip, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  return { status: res.status, body: (await res.json()) as { error?: string }, retryAfter: Number(res.headers.get('retry-after')) }
}

describe('limits count across server processes sharing one database', () => {
  it('failed sign-ins made on A and on B add up to the lockout, which both then answer', async () => {
    const { username, password, client } = await registerMember(a.url)
    addresses.push(client.ip)
    const stranger = clientIp()
    // LOGIN_MAX_ATTEMPTS (5) failures from one address: three on A, two on B. Neither process
    // saw five of them, so only a shared count holds the pair back.
    for (const [i, server] of [a, b, a, b, a].entries()) {
      expect((await signIn(server, stranger, username, `wrong-${i}-password`)).status).toBe(401)
    }
    const held = await signIn(b, stranger, username, password)
    expect(held.status).toBe(429)
    expect(held.body).toEqual({ error: expect.stringMatching(/^Too many attempts\. Please wait 1 minute and try again\.$/) })
    expect(held.retryAfter).toBeGreaterThan(0)
    expect(held.retryAfter).toBeLessThanOrEqual(60)
    expect((await signIn(a, stranger, username, password)).status).toBe(429)
    // The owner, from another address, is not held back on either server.
    expect((await signIn(b, clientIp(), username, password)).status).toBe(200)
  })

  it('the per-address sign-in rate counts requests sent to A and to B together', async () => {
    const ip = clientIp()
    const { limit } = rules.login
    // Each attempt under its own unknown name: no account's backoff, only the address's rate.
    for (let i = 0; i < limit; i++) {
      expect((await signIn(i % 2 ? b : a, ip, uniqueUsername('ghost'), 'not-the-password')).status).toBe(401)
    }
    const refused = await signIn(b, ip, uniqueUsername('ghost'), 'not-the-password')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/) })
    expect(refused.retryAfter).toBeGreaterThan(0)
    expect(refused.retryAfter).toBeLessThanOrEqual(rules.login.windowMs / 1000)
    expect((await signIn(a, ip, uniqueUsername('ghost'), 'not-the-password')).status).toBe(429)
    // Another address is unaffected.
    expect((await signIn(a, clientIp(), uniqueUsername('ghost'), 'not-the-password')).status).toBe(401)
  })

  it('page views one address range may record count loads served by A and by B together', async () => {
    const network = newNetwork()
    networks.push(network.range)
    const tag = newTag()
    // Three views of one path a minute per range (ANALYTICS_VIEWS_PER_PATH): three loads on each
    // server, each within that server's own budget, record three in all.
    for (const server of [a, b, a, b, a, b]) {
      const res = await fetch(`${server.url}/blog`, { headers: { 'x-forwarded-for': network.address(), 'user-agent': browserAgent(tag) } })
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    }
    const views = () => sql(`SELECT path FROM page_views WHERE ip_address = $1`, [network.range])
    await until('3 page views', async () => ((await views()).length >= 3 ? true : undefined))
    await new Promise((resolve) => setTimeout(resolve, 2500)) // both servers flush about every second
    expect(await views()).toEqual([{ path: '/blog' }, { path: '/blog' }, { path: '/blog' }])
  })
})

// Two server processes on one database (README: Deployment, house rule 16): what one of them
// changes, the other's caches let go of within a second (cms/services/cache/signal.ts), for
// visitors' pages, sessions, Premium and the site settings.
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { videos } from '../../cms/seed/fixtures/videos'
import { startFakePaypal, type FakePaypal } from '../fakes/paypal'
import { fakePaypal } from '../fakes/paypal/control'
import { ApiClient, registerMember } from '../helpers/api-client'
import { createTestDatabase } from '../helpers/test-database'
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/test-server'

const PREMIUM_VIDEO = 'manual_qhfv08uerf' // seeded: premium, with a file of its own
const FREE_VIDEO = videos.filter((v) => !v.isPremium && !v.isUncut)[2]!.videoId

let paypal: FakePaypal
let database: Awaited<ReturnType<typeof createTestDatabase>>
let a: TestServer
let b: TestServer

beforeAll(async () => {
  paypal = await startFakePaypal()
  database = await createTestDatabase('two-servers')
  // One secret: a session signed by one server is valid on the other, as behind a load balancer.
  const env = { TRUST_PROXY: 'true', PAYLOAD_SECRET: randomBytes(32).toString('hex'), ...paypal.env }
  a = await startTestServer('two-servers-a', database.url, env)
  b = await startTestServer('two-servers-b', database.url, env)
  paypal.setWebhookTarget(`${a.url}/api/paypal/webhook`)
}, 400_000)

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()])
  await database?.dispose()
  await paypal?.stop()
})

/** Asks `read` again until `done` holds, for at most a second; the last answer either way. */
async function withinASecond<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 1000
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const visitorPage = async (server: TestServer, path: string) => {
  const res = await fetch(server.url + path)
  return { hit: res.headers.get('x-page-cache') === 'hit', body: await res.text() }
}

/** Reads the page twice, so the second answer came from the page cache (the page is kept). */
async function cachedOn(server: TestServer, path: string) {
  await visitorPage(server, path)
  expect((await visitorPage(server, path)).hit, `${path} kept on ${server.url}`).toBe(true)
}

async function adminOn(server: TestServer) {
  const client = new ApiClient(server.url)
  expect((await client.post('/api/auth/login', TEST_ADMIN)).status).toBe(200)
  return client
}

/** The same client (cookie and address) speaking to another server. */
const sameClientOn = (client: ApiClient, server: TestServer) => Object.assign(new ApiClient(server.url, client.ip), { cookie: client.cookie })

describe('two servers on one database', () => {
  it('a post published on one shows on the other’s cached pages within a second', async () => {
    const admin = await adminOn(a)
    const categoryId = (await admin.get('/api/categories')).body[0].id
    const title = `Published across servers ${randomBytes(3).toString('hex')}`
    const created = await admin.post('/api/blog-posts', { title, content: 'Seen by both servers.', categoryId, status: 'draft' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    try {
      await cachedOn(b, '/blog')
      expect((await visitorPage(b, '/blog')).body).not.toContain(title)
      expect((await admin.request('PUT', `/api/blog-posts/${created.body.id}`, { status: 'published' })).status).toBe(200)
      const seen = await withinASecond(() => visitorPage(b, '/blog'), (page) => page.body.includes(title))
      expect(seen.body).toContain(title)
    } finally {
      await admin.request('DELETE', `/cms/api/posts/${created.body.id}`)
    }
  })

  it('a sign-out on one refuses the same session on the other', async () => {
    const { client } = await registerMember(a.url)
    const onB = sameClientOn(client, b)
    for (let i = 0; i < 2; i++) expect((await onB.get('/api/auth/me')).status).toBe(200) // remembered on B
    expect((await client.post('/api/auth/logout')).status).toBe(200)
    const after = await withinASecond(() => onB.get('/api/auth/me'), (res) => res.status === 401)
    expect(after.status).toBe(401)
  })

  it('Premium started on one opens a premium video on the other', async () => {
    const member = await registerMember(a.url)
    const onB = sameClientOn(member.client, b)
    for (let i = 0; i < 2; i++) expect((await onB.get(`/api/videos/${PREMIUM_VIDEO}`)).body.videoUrl).toBeNull()
    const subscription = await fakePaypal(paypal.url).createSubscription({ custom_id: String(member.user.id) })
    const activated = await member.client.post('/api/user/premium-subscription', { subscriptionId: subscription.id, payerId: subscription.subscriber.payer_id, status: 'active' })
    expect(activated.status, JSON.stringify(activated.body)).toBe(200)
    const opened = await withinASecond(() => onB.get(`/api/videos/${PREMIUM_VIDEO}`), (res) => typeof res.body.videoUrl === 'string')
    expect(opened.body.videoUrl).toMatch(/^\/media\//)
  })

  it('a member’s points earned on one show in their session on the other', async () => {
    const { client } = await registerMember(a.url)
    const onB = sameClientOn(client, b)
    await onB.get('/api/auth/me')
    const before = (await onB.get('/api/auth/me')).body.points as number
    const posted = await client.post(`/api/videos/${FREE_VIDEO}/comments`, { authorName: 'x', content: 'Points on both servers' })
    expect(posted.status, JSON.stringify(posted.body)).toBe(201)
    expect(posted.body.award?.pointsAwarded).toBeGreaterThan(0)
    const after = await withinASecond(() => onB.get('/api/auth/me'), (res) => res.body.points > before)
    expect(after.body.points).toBe(before + posted.body.award.pointsAwarded)
  })

  it('a site settings change on one shows on the other', async () => {
    const admin = await adminOn(a)
    const before = (await admin.get('/cms/api/globals/site-settings?depth=0')).body.siteName as string
    const siteName = `Two servers ${randomBytes(3).toString('hex')}`
    await cachedOn(b, '/')
    try {
      expect((await admin.request('POST', '/cms/api/globals/site-settings', { siteName })).status).toBe(200)
      const seen = await withinASecond(() => visitorPage(b, '/'), (page) => page.body.includes(siteName))
      expect(seen.body).toContain(siteName)
    } finally {
      await admin.request('POST', '/cms/api/globals/site-settings', { siteName: before })
    }
  })
})

// The JSON API's light path (server/api-fast-path.ts) answers exactly as Astro's endpoints do:
// two servers of one build on the suite's database, one with the light path and one without it
// (API_FAST_PATH=0), asked the same requests by every audience; status, headers and bytes must match.
import { randomBytes } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { videos } from '../../cms/seed/fixtures/videos'
import { ApiClient, registerMember, uniqueIp } from '../helpers/api-client'
import { startTestServer, type TestServer } from '../helpers/test-server'
import { premiumMember } from './premium-helpers'
import { sql } from './sql'

const PREMIUM_VIDEO = 'manual_qhfv08uerf' // seeded: premium, with a file of its own
const FREE_VIDEO = videos.filter((v) => !v.isPremium && !v.isUncut)[0]!.videoId
/** Differs between any two answers, whoever sends them. */
const VOLATILE_HEADERS = new Set(['date'])

let fast: TestServer
let astro: TestServer
const audiences: Record<string, string | null> = { visitor: null, 'unknown session': 'payload-token=not-a-session' }

beforeAll(async () => {
  // One secret: a member's cookie is valid on both.
  const env = { TRUST_PROXY: 'true', PAYLOAD_SECRET: randomBytes(32).toString('hex') }
  fast = await startTestServer('api-fast-path-on', inject('databaseUrl'), env)
  astro = await startTestServer('api-fast-path-off', inject('databaseUrl'), { ...env, API_FAST_PATH: '0' })
  const signIn = async (credentials: { username: string; password: string }) => {
    const client = new ApiClient(fast.url)
    const res = await client.post('/api/auth/login', credentials)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return client.cookie!
  }
  const member = await registerMember(inject('baseUrl'))
  const premium = await premiumMember()
  audiences.member = await signIn({ username: member.username, password: member.password })
  audiences['premium member'] = await signIn({ username: premium.username, password: premium.password })
  audiences.admin = await signIn(inject('admin'))
  // Each member's first request of the day earns the daily bonus (their points move): before comparing.
  for (const cookie of [audiences.member, audiences['premium member'], audiences.admin]) {
    expect((await answerOf(astro, '/api/auth/me', cookie!, 'GET', uniqueIp())).status).toBe(200)
  }
}, 400_000)

afterAll(async () => {
  await Promise.allSettled([fast?.stop(), astro?.stop()])
})

type Answer = { status: number; headers: [string, string][]; body: string }

async function answerOf(server: TestServer, path: string, cookie: string | null, method: string, ip: string): Promise<Answer> {
  const res = await fetch(server.url + path, {
    method,
    redirect: 'manual',
    // As the site's own pages ask (each server's SERVER_URL differs: no Origin, which Payload checks against it).
    headers: { 'sec-fetch-site': 'same-origin', 'x-forwarded-for': ip, 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) },
  })
  const headers = [...res.headers].filter(([name]) => !VOLATILE_HEADERS.has(name)).sort(([a], [b]) => a.localeCompare(b))
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') }
}

/** The same request to both servers, as the same client: the answers must be the same. */
async function expectSameAnswer(path: string, cookie: string | null, method = 'GET') {
  const ip = uniqueIp()
  const viaAstro = await answerOf(astro, path, cookie, method, ip)
  const viaFastPath = await answerOf(fast, path, cookie, method, ip)
  expect(viaFastPath, `${method} ${path}`).toEqual(viaAstro)
  return viaAstro
}

const firstPost = async () => {
  const [row] = await sql<{ id: number; slug: string }>("select id, slug from posts where status = 'published' order by id limit 1")
  return row!
}

describe.each(['visitor', 'unknown session', 'member', 'premium member', 'admin'])('as %s', (audience) => {
  const cookie = () => audiences[audience] ?? null

  it('GET /api/auth/me', async () => {
    const answer = await expectSameAnswer('/api/auth/me', cookie())
    expect(answer.status).toBe(audience === 'visitor' || audience === 'unknown session' ? 401 : 200)
  })

  it('lists: videos, categories, announcements, posts, with good and bad queries', async () => {
    for (const path of [
      '/api/videos?limit=24&page=1',
      '/api/videos',
      '/api/videos?limit=6&page=2',
      '/api/videos?limit=abc&page=-1',
      '/api/videos?limit=100000&page=99999',
      '/api/videos?limit=24&limit=6',
      '/api/categories?withPostCount=true',
      '/api/categories',
      '/api/categories?withPostCount=maybe',
      '/api/announcements?active=true',
      '/api/announcements',
      '/api/announcements?active=nope',
      '/api/blog-posts?limit=6&status=published',
      '/api/blog-posts?limit=3&status=published&page=2',
      '/api/blog-posts?limit=abc',
      '/api/blog-posts?status=draft',
      '/api/blog-posts?limit=9&search=vote',
    ]) {
      await expectSameAnswer(path, cookie())
    }
  })

  it('items: a free and a premium video, a post by id and by slug, unknown and malformed ids', async () => {
    const post = await firstPost()
    const statuses: Record<string, number> = {}
    for (const path of [
      `/api/videos/${FREE_VIDEO}`,
      `/api/videos/${PREMIUM_VIDEO}`,
      '/api/videos/no-such-video-id',
      '/api/videos/track-views',
      `/api/blog-posts/${post.id}`,
      '/api/blog-posts/999999999',
      '/api/blog-posts/abc',
      `/api/blog-posts/slug/${post.slug}`,
      '/api/blog-posts/slug/no-such-post',
    ]) {
      statuses[path] = (await expectSameAnswer(path, cookie())).status
    }
    expect(statuses[`/api/videos/${FREE_VIDEO}`]).toBe(200)
    expect(statuses['/api/videos/no-such-video-id']).toBe(404)
    expect(statuses[`/api/blog-posts/slug/${post.slug}`]).toBe(200)
    expect(statuses['/api/blog-posts/abc']).toBe(400)
  })

  it('what the light path leaves to Astro: other methods and spellings', async () => {
    await expectSameAnswer('/api/videos?limit=24&page=1', cookie(), 'HEAD')
    await expectSameAnswer('/api/videos/', cookie())
    await expectSameAnswer('/api/auth/me/', cookie())
    await expectSameAnswer('/api/categories', cookie(), 'DELETE')
    await expectSameAnswer('/api/videos/a%20b', cookie())
  })
})

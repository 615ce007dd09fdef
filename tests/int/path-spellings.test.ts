import http from 'node:http'

import { beforeAll, describe, expect, inject, it } from 'vitest'

import { registerMember, uniqueIp } from '../helpers/api-client'
import { sql } from './sql'

/**
 * One URL, one meaning: the spellings of `/cms/api` that Next.js and Payload resolve but Express
 * routes do not (dot segments, percent-escaped letters, empty segments) are refused before any
 * guard, so they never reach Payload past the guards written for `/cms/api`; pages are redirected
 * to their plain spelling.
 */

const baseUrl = inject('baseUrl')
const port = new URL(baseUrl).port

type Answer = { status: number; location?: string; text: string }

/** node:http: fetch would resolve the very spellings under test. */
function send(method: string, path: string, cookie?: string | null, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin: baseUrl, 'x-forwarded-for': uniqueIp() }
    if (cookie) headers.cookie = cookie
    if (body !== undefined) headers['content-type'] = 'application/json'
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** Ways to write `/cms/api/<rest>` that resolve to it. */
const SPELLINGS: ((rest: string) => string)[] = [
  (rest) => `/cms/./api/${rest}`,
  (rest) => `/cms/x/../api/${rest}`,
  (rest) => `/cms/%2e/api/${rest}`,
  (rest) => `/cms/x/%2E%2e/api/${rest}`,
  (rest) => `/cms/%61pi/${rest}`,
  (rest) => `/%63ms/api/${rest}`,
  (rest) => `/cms//api/${rest}`,
  (rest) => `/cms/api/./${rest}`,
  (rest) => `/cms/api/%${rest.charCodeAt(0).toString(16)}${rest.slice(1)}`,
  // The last letter of the path (`users/m%65`).
  (rest) => `/cms/api/${rest.replace(/[a-z](?=[^a-z?]*(?:\?|$))/, (letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`)}`,
]

let member: { cookie: string; id: number }

beforeAll(async () => {
  const { client, user } = await registerMember(baseUrl)
  member = { cookie: client.cookie!, id: user.id }
})

describe('spellings of /cms/api', () => {
  it('a filter on members’ sessions is refused through every spelling, as through /cms/api', async () => {
    const probe = 'comments?where[author.sessions.id][like]=a&limit=1'
    const plain = await send('GET', `/cms/api/${probe}`)
    expect(plain.status).toBe(400)
    for (const spell of SPELLINGS) {
      const answer = await send('GET', spell(probe))
      expect(answer.status, `${spell(probe)}: ${answer.text.slice(0, 200)}`).toBe(400)
      expect(answer.text).not.toContain('"docs"')
    }
  })

  it('a member writes no admin preference through any spelling', async () => {
    const key = `spelled-${Date.now()}`
    const plain = await send('POST', `/cms/api/payload-preferences/${key}`, member.cookie, '{"value":{"columns":[]}}')
    expect(plain.status).toBe(403)
    const writes = [
      ...SPELLINGS.map((spell) => spell(`payload-preferences/${key}`)),
      `/cms/api/payload%2Dpreferences/${key}`,
      `/cms/api/payload-preferences/${key}/`,
      `/cms/api/PAYLOAD-PREFERENCES/${key}`,
    ]
    for (const path of writes) {
      const answer = await send('POST', path, member.cookie, '{"value":{"columns":[]}}')
      expect(answer.status, `${path}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
      expect(answer.status, path).toBeLessThan(500)
    }
    const stored = await sql(`select count(*)::int as n from payload_preferences_rels where users_id = $1`, [member.id])
    expect(stored[0]!.n).toBe(0)
  })

  it('encoded slashes and backslashes are refused, never resolved', async () => {
    for (const path of ['/cms/api%2fusers/me', '/cms/api/users%2Fme', '/cms\\api/users/me', '/cms/api/users%5cme', '/api%2fvideos']) {
      const answer = await send('GET', path)
      expect(answer.status, path).toBe(400)
      expect(JSON.parse(answer.text)).toHaveProperty('error')
    }
  })

  it('a small fuzz through every spelling: refused (400), never a 5xx, for visitors and members', { timeout: 120_000 }, async () => {
    const collections = ['users', 'posts', 'comments', 'videos', 'bookmarks', 'payload-preferences', 'payload-jobs', 'point-activities']
    const queries = ['', '?where[author.sessions.id][like]=a', '?where[hash][exists]=true', '?page=-1', '?where[id][equals]=abc']
    const probes: { method: string; path: string; cookie: string | null; body?: string }[] = []
    for (const cookie of [null, member.cookie]) {
      for (const slug of collections) {
        for (const query of queries) for (const spell of SPELLINGS) probes.push({ method: 'GET', path: spell(`${slug}${query}`), cookie })
        for (const spell of SPELLINGS) {
          probes.push({ method: 'POST', path: spell(slug), cookie, body: '{}' })
          probes.push({ method: 'PATCH', path: spell(`${slug}/2147483648`), cookie, body: '{}' })
          probes.push({ method: 'DELETE', path: spell(`${slug}/abc`), cookie })
        }
      }
      for (const spell of SPELLINGS) for (const rest of ['users/me', 'users/verify/x', 'media/file/x.png', 'globals/site-settings']) probes.push({ method: 'GET', path: spell(rest), cookie })
    }
    const failures: string[] = []
    let next = 0
    const worker = async () => {
      while (next < probes.length) {
        const probe = probes[next++]!
        const answer = await send(probe.method, probe.path, probe.cookie, probe.body)
        if (answer.status !== 400) failures.push(`${probe.cookie ? 'member' : 'visitor'} ${probe.method} ${probe.path} → ${answer.status} ${answer.text.slice(0, 120)}`)
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    expect(failures, `${failures.length} of ${probes.length}:\n${failures.slice(0, 40).join('\n')}`).toEqual([])
  })
})

describe('spellings of pages', () => {
  it.each([
    ['/%62log?category=1', '/blog?category=1'],
    ['/blog/./', '/blog/'],
    ['/vlog/x/..', '/vlog/'],
    ['/cms/./login', '/cms/login'],
    ['//evil.example/x', '/evil.example/x'],
  ])('GET %s is redirected (308) to %s', async (path, location) => {
    const answer = await send('GET', path)
    expect(answer.status).toBe(308)
    expect(answer.location).toBe(location)
  })

  it('a write to a page or an endpoint through a spelling is refused', async () => {
    for (const [method, path] of [['POST', '/%61pi/bookmarks'], ['POST', '/api/./bookmarks'], ['DELETE', '/%62log'], ['GET', '/%61pi/videos'], ['GET', '/x/../api/videos']]) {
      const answer = await send(method!, path!, member.cookie, method === 'POST' ? '{}' : undefined)
      expect(answer.status, `${method} ${path}`).toBe(400)
    }
  })
})

import { randomBytes } from 'node:crypto'

import { describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { logLinesSince, logOffset } from './server-log'
import { sql } from './sql'

const baseUrl = inject('baseUrl')
const admin = inject('admin')

async function signedInAdmin() {
  const client = new ApiClient(baseUrl)
  expect((await client.post('/api/auth/login', admin)).status).toBe(200)
  return client
}

/**
 * Makes every write to one user row fail in the database with a pg error whose detail carries
 * the row's email, as a constraint violation's does; Drizzle's error then lists the row's values
 * (hash, salt, email, date of birth…) after "params:".
 */
async function breakWritesTo(userId: number) {
  const name = `fail_user_write_${userId}`
  await sql(
    `create or replace function ${name}() returns trigger language plpgsql as $$ begin raise exception 'simulated write failure' using errcode = '23514', detail = format('Key (email)=(%s) conflicts with existing key.', new.email); end $$`,
  )
  await sql(`create trigger ${name} before update on users for each row when (old.id = ${Number(userId)}) execute function ${name}()`)
  return async () => {
    await sql(`drop trigger if exists ${name} on users`)
    await sql(`drop function if exists ${name}()`)
  }
}

describe('log lines carry no secrets', () => {
  it('a failed write to a user row logs the failure without its hash, salt, email, date of birth or session id', async () => {
    const dateOfBirth = '1990-07-23'
    const { user, client: member } = await registerMember(baseUrl, { dateOfBirth })
    const [stored] = await sql<{ email: string; hash: string; salt: string }>('select email, hash, salt from users where id = $1', [user.id])
    const [session] = await sql<{ id: string }>('select id from users_sessions where _parent_id = $1 limit 1', [user.id])
    const adminClient = await signedInAdmin()
    const repair = await breakWritesTo(user.id)
    const offset = logOffset()
    try {
      const newPassword = `new-password-${randomBytes(6).toString('hex')}`
      const res = await adminClient.patch(`/cms/api/users/${user.id}`, { password: newPassword, bio: 'changed' })
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(JSON.stringify(res.body)).not.toMatch(/params|Failed query|simulated/)

      const lines = await logLinesSince(offset)
      const failure = lines.find((line) => line.includes('simulated write failure'))
      expect(failure, `the failure is logged:\n${lines.join('\n')}`).toBeDefined()
      const text = lines.join('\n')
      for (const secret of [stored!.email, stored!.hash, stored!.salt, dateOfBirth, session?.id, newPassword, member.cookie?.split('=')[1]]) {
        if (secret) expect(text).not.toContain(secret)
      }
      expect(text).not.toMatch(/params: (?!\[redacted\])/)
      expect(text).not.toMatch(/[0-9a-f]{32,}/i) // the new salt and hash, or any token
    } finally {
      await repair()
    }
  })
})

describe('a refused query', () => {
  it('logs one line with status, message and path, and no stack; its repeats are held back', async () => {
    const field = `noSuchField${randomBytes(4).toString('hex')}`
    const offset = logOffset()
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${baseUrl}/cms/api/posts?where[${field}][equals]=1`)
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
    }
    const lines = (await logLinesSince(offset)).filter((line) => line.includes(field))
    expect(lines).toHaveLength(1)
    const entry = JSON.parse(lines[0]!)
    expect(entry).toMatchObject({ level: 40, status: 400, path: '/cms/api/posts', method: 'GET' })
    expect(entry.err.message).toContain(field)
    expect(entry.err.stack).toBeUndefined()
  })
})

describe('the access log', () => {
  it('names the whole path a request asked for, under a mounted door (/media) too, and no token it carries', async () => {
    const offset = logOffset()
    const missing = `/media/thumbnails/not-here-${randomBytes(3).toString('hex')}.jpg`
    const token = randomBytes(24).toString('hex')
    expect((await fetch(baseUrl + missing)).status).toBe(404)
    expect((await fetch(`${baseUrl}/reset-password/${token}/nope`)).status).toBe(404)
    const lines = await logLinesSince(offset)
    const requests = lines.map((line) => JSON.parse(line) as { msg?: string; path?: string; status?: number }).filter((entry) => entry.msg === 'request')
    expect(requests).toContainEqual(expect.objectContaining({ path: missing, status: 404 }))
    expect(requests.some((entry) => entry.path?.startsWith('/reset-password/'))).toBe(true)
    for (const line of lines) expect(line).not.toContain(token)
  })
})

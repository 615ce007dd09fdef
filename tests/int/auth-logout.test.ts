import { describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { sql } from './sql'

const baseUrl = inject('baseUrl')

const sidOf = (cookie: string) => JSON.parse(Buffer.from(cookie.replace(/^payload-token=/, '').split('.')[1]!, 'base64url').toString()).sid as string

/** Makes deleting this user's sessions fail in the database, as a database outage would. */
async function breakSessionDeletes(userId: number) {
  const name = `fail_session_delete_${userId}`
  await sql(`create or replace function ${name}() returns trigger language plpgsql as $$ begin raise exception 'simulated outage'; end $$`)
  await sql(`create trigger ${name} before delete on users_sessions for each row when (old._parent_id = ${Number(userId)}) execute function ${name}()`)
  return async () => {
    await sql(`drop trigger if exists ${name} on users_sessions`)
    await sql(`drop function if exists ${name}()`)
  }
}

describe('a failed logout does not leave the session valid', () => {
  it.each(['/api/auth/logout', '/cms/api/users/logout'])('%s: the cookie is expired and the session refused, then deleted once the database is back', async (logoutPath) => {
    const { client, user } = await registerMember(baseUrl)
    const cookie = client.cookie!
    const sid = sidOf(cookie)
    const me = () => {
      const replay = new ApiClient(baseUrl)
      replay.cookie = cookie
      return replay.get('/api/auth/me')
    }
    expect((await me()).status).toBe(200)
    const repair = await breakSessionDeletes(user.id)
    try {
      const out = await client.post(logoutPath)
      expect(out.status).toBe(200)
      expect(out.headers.get('set-cookie')).toMatch(/payload-token=;/)
      expect(client.cookie).toBeNull()
      // The write failed: the row is still there, yet the session is refused everywhere.
      expect(await sql('select id from users_sessions where id = $1', [sid])).toHaveLength(1)
      expect((await me()).status).toBe(401)
      const cms = await fetch(`${baseUrl}/cms/api/users/me`, { headers: { origin: baseUrl, cookie } })
      expect(cms.status).toBe(401)
    } finally {
      await repair()
    }
    // The database takes writes again: the next sight of the session deletes it.
    expect((await me()).status).toBe(401)
    expect(await sql('select id from users_sessions where id = $1', [sid])).toHaveLength(0)
    expect((await me()).status).toBe(401)
  })
})

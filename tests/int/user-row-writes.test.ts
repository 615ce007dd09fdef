// Payload writes a member's row back whole (an update, a sign-in adding its session, a sign-out
// dropping one). Writes of one member at the same moment must not erase each other: every device
// stays signed in and every change stays (cms/services/auth/user-row.ts).
import { describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { ledgerOf, sumOf, totalsOf } from './points-helpers'
import { sql } from './sql'

const baseUrl = inject('baseUrl')

const sessionsOf = async (userId: number) => Number((await sql<{ n: number }>('select count(*)::int as n from users_sessions where _parent_id = $1', [userId]))[0]!.n)

describe('writes of one member at once keep each other', () => {
  it('sign-ins on six devices, a time-zone change and profile edits side by side: every session works, every change stays', async () => {
    const { client, username, password, user } = await registerMember(baseUrl)
    const devices = Array.from({ length: 6 }, () => new ApiClient(baseUrl))
    const [logins, zone, edits] = await Promise.all([
      Promise.all(devices.map((device) => device.post('/api/auth/login', { username, password }))),
      client.request('PUT', '/api/user/time-zone', { timeZone: 'Europe/Berlin' }),
      Promise.all(Array.from({ length: 6 }, (_, i) => client.request('PUT', '/api/profile', { bio: `bio ${i}`, location: `Town ${i}` }))),
    ])
    expect(logins.map((res) => res.status)).toEqual(Array(6).fill(200))
    expect(zone.status).toBe(200)
    expect(edits.map((res) => res.status)).toEqual(Array(6).fill(200))

    // The registration's session and the six sign-ins' are all on the row, and each cookie works.
    expect(await sessionsOf(user.id)).toBe(7)
    for (const device of [client, ...devices]) expect((await device.get('/api/auth/me')).status).toBe(200)

    const [row] = await sql<{ time_zone: string; bio: string; location: string }>('select time_zone, bio, location from users where id = $1', [user.id])
    expect(row!.time_zone).toBe('Europe/Berlin')
    // One of the edits won as a whole: never one edit's bio with another's town.
    expect(row!.bio).toMatch(/^bio \d$/)
    expect(row!.location).toBe(`Town ${row!.bio.slice(-1)}`)
    // Points awarded meanwhile (joining, the profile edit) are all on the row.
    const ledger = await ledgerOf(user.id)
    expect(ledger.some((entry) => entry.activity_type === 'profile_update')).toBe(true)
    expect((await totalsOf(user.id)).points).toBe(sumOf(ledger))
  })

  it('signing out on one device while another signs in keeps the new session', async () => {
    const { username, password, user } = await registerMember(baseUrl)
    const leaving = Array.from({ length: 4 }, () => new ApiClient(baseUrl))
    for (const device of leaving) expect((await device.post('/api/auth/login', { username, password })).status).toBe(200)
    const arriving = Array.from({ length: 4 }, () => new ApiClient(baseUrl))
    await Promise.all([...leaving.map((device) => device.post('/api/auth/logout')), ...arriving.map((device) => device.post('/api/auth/login', { username, password }))])
    for (const device of arriving) expect((await device.get('/api/auth/me')).status).toBe(200)
    // The registration's session and the four new ones remain; the four that signed out are gone.
    expect(await sessionsOf(user.id)).toBe(5)
  })
})

// Admin rights change only when the change is confirmed in the same save, in
// /cms and through its REST API alike; each change is an audit line.

import { describe, expect, inject, it } from 'vitest'

import { CONFIRM_ADMIN_MESSAGE } from '../../cms/hooks/confirm-admin-change'
import { ApiClient, registerMember } from '../helpers/api-client'
import { logEntriesSince, logOffset } from './server-log'

const baseUrl = inject('baseUrl')

async function signedInAdmin() {
  const client = new ApiClient(baseUrl)
  expect((await client.post('/api/auth/login', inject('admin'))).status).toBe(200)
  return client
}

describe('granting and removing admin rights', () => {
  it('a stray isAdmin in a save is refused with a clear message, and nothing else in it is written', async () => {
    const admin = await signedInAdmin()
    const { user, client } = await registerMember(baseUrl)
    const res = await admin.patch(`/cms/api/users/${user.id}`, { isAdmin: true, bio: 'changed in the same save' })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain(CONFIRM_ADMIN_MESSAGE)
    expect((await client.get('/api/auth/me')).body).toMatchObject({ isAdmin: false })
    expect((await admin.get(`/cms/api/users/${user.id}`)).body.bio).not.toBe('changed in the same save')
    // Creating an admin account needs it too.
    const created = await admin.post('/cms/api/users', { username: `stray_admin_${Date.now()}`, password: 'password-12345', isAdmin: true })
    expect(created.status).toBe(400)
  })

  it('confirmed, it is granted and removed, each logged with who did it; other saves need no confirmation', async () => {
    const admin = await signedInAdmin()
    const me = (await admin.get('/api/auth/me')).body
    const { user, client } = await registerMember(baseUrl)
    const offset = logOffset()
    const granted = await admin.patch(`/cms/api/users/${user.id}`, { isAdmin: true, confirmAdminChange: true })
    expect(granted.status, JSON.stringify(granted.body)).toBe(200)
    expect(granted.body.doc).not.toHaveProperty('confirmAdminChange', true)
    expect((await client.get('/api/auth/me')).body).toMatchObject({ isAdmin: true })
    // Saving the form again, isAdmin unchanged, needs nothing ticked.
    expect((await admin.patch(`/cms/api/users/${user.id}`, { isAdmin: true, bio: 'still an admin' })).status).toBe(200)
    expect((await admin.patch(`/cms/api/users/${user.id}`, { isAdmin: false })).status).toBe(400)
    expect((await admin.patch(`/cms/api/users/${user.id}`, { isAdmin: false, confirmAdminChange: true })).status).toBe(200)
    expect((await client.get('/api/auth/me')).body).toMatchObject({ isAdmin: false })

    const lines = await logEntriesSince(offset)
    expect(lines.filter((l) => l.event === 'admin_granted' || l.event === 'admin_removed').map((l) => [l.event, l.by, l.user])).toEqual([
      ['admin_granted', me.id, user.id],
      ['admin_removed', me.id, user.id],
    ])
  })
})

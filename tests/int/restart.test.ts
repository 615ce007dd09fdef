import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { startTestServer } from '../helpers/test-server'
import { ApiClient, registerMember } from '../helpers/api-client'

const postmasterRunning = (dataDir: string) => {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')
  if (!existsSync(pidFile)) return false
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  try {
    execFileSync('kill', ['-0', String(pid)])
    return true
  } catch {
    return false
  }
}

describe('the quick-start server on its embedded PostgreSQL', () => {
  it('comes back with all its data after a SIGKILL, with no manual clean-up, and stops cleanly', async () => {
    const first = await startTestServer('restart', null)
    const { username, password, user } = await registerMember(first.url)
    await first.kill() // SIGKILL: the postmaster it started is orphaned
    expect(postmasterRunning(first.dataDir)).toBe(true)

    const second = await startTestServer('restart', null, {}, { fresh: false })
    try {
      const client = new ApiClient(second.url)
      const login = await client.post('/api/auth/login', { username, password })
      expect(login.status).toBe(200)
      expect(login.body.user).toMatchObject({ id: user.id, memberNumber: user.memberNumber })
      const posts = await client.get('/api/blog-posts?limit=1')
      expect(posts.body.totalDocs).toBeGreaterThan(0) // seeded once, not again
      const accounts = await client.get('/cms/api/users?limit=0')
      expect(accounts.status).toBe(200)
    } finally {
      await second.stop() // SIGTERM: HTTP, pool, then PostgreSQL
    }
    expect(postmasterRunning(second.dataDir)).toBe(false)
  })
})

// A second `npm start` on the same DATA_DIR joins the first (README: more than one process): it
// uses the embedded PostgreSQL the first one runs, and when the first stops, starts it itself.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { startTestServer } from '../helpers/test-server'

const postmasterPid = (dataDir: string) => {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid')
  if (!existsSync(pidFile)) return null
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  try {
    execFileSync('kill', ['-0', String(pid)])
    return pid
  } catch {
    return null
  }
}

describe('a second server process on the same data folder', () => {
  it('joins the first one’s database, keeps the site up when the first stops, and stops it last', async () => {
    const first = await startTestServer('second-process', null)
    const second = await startTestServer('second-process', null, {}, { fresh: false }).catch(async (error: unknown) => {
      await first.stop()
      throw error
    })
    try {
      expect(second.dataDir).toBe(first.dataDir)
      const cluster = postmasterPid(first.dataDir)
      const { username, password, user } = await registerMember(first.url)
      // The same accounts and the same session secret (DATA_DIR's payload-secret).
      const onSecond = new ApiClient(second.url)
      const login = await onSecond.post('/api/auth/login', { username, password })
      expect(login.status).toBe(200)
      expect(login.body.user).toMatchObject({ id: user.id })
      expect(readFileSync(path.join(first.dataDir, 'database-url'), 'utf8')).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/app\n$/)

      await first.stop() // it stops the cluster it started; the second starts it again on the same port
      const deadline = Date.now() + 60_000
      for (;;) {
        const me = await onSecond.get('/api/auth/me').catch(() => null)
        if (me?.status === 200 && me.body.username === username) break
        if (Date.now() > deadline) throw new Error(`the second server did not get its database back; see ${second.logFile}`)
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
      const restarted = postmasterPid(first.dataDir)
      expect(restarted).not.toBeNull()
      expect(restarted).not.toBe(cluster)
    } finally {
      await second.stop()
      await first.stop()
    }
    expect(postmasterPid(second.dataDir)).toBeNull()
  })
})

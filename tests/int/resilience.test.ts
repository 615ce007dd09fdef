import { readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isAlive } from '../../server/embedded-postgres'
import { registerMember } from '../helpers/api-client'
import { startTestServer, type TestServer } from '../helpers/test-server'

/**
 * The quick-start server on its own embedded PostgreSQL, with the database taken away under it:
 * killed (kill -9 of the postmaster), kept away, made read-only. Node is never restarted.
 */
let server: TestServer

const postmaster = () => {
  const [pid, , , port] = readFileSync(path.join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')
  return { pid: Number(pid), port: Number(port) }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(250)
  }
}

/** Binds `server` to `port` as soon as the dead postmaster has let go of it (before the first restart attempt). */
async function takePort(server: net.Server, port: number) {
  for (let i = 0; i < 400; i++) {
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (bound) return
    await sleep(5)
  }
  throw new Error(`port ${port} stayed taken`)
}

const health = async () => {
  const res = await fetch(`${server.url}/healthz`)
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const page = async (pathname = '/') => {
  const res = await fetch(`${server.url}${pathname}`, { headers: { accept: 'text/html' } })
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() }
}

/** The cluster's superuser, on the `postgres` maintenance database. */
async function admin(sqlText: string) {
  const password = readFileSync(path.join(server.dataDir, 'postgres-password'), 'utf8').trim()
  const client = new pg.Client({ host: '127.0.0.1', port: postmaster().port, user: 'postgres', password, database: 'postgres' })
  await client.connect()
  try {
    await client.query(sqlText)
  } finally {
    await client.end()
  }
}
const dropAppConnections = () => admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = 'app' and pid <> pg_backend_pid()`)

beforeAll(async () => {
  // No cached pages or queries: every request below reaches the database.
  server = await startTestServer('resilience', null, { PAGE_CACHE_SECONDS: '0' })
})
afterAll(async () => {
  await server?.stop()
})

describe('when PostgreSQL goes away', () => {
  it('pages answer a 503 error page meanwhile, and the server restarts the cluster and recovers by itself', async () => {
    expect((await page('/')).status).toBe(200)
    const { client: member } = await registerMember(server.url)
    const before = postmaster()

    // kill -9 the postmaster, and keep its port taken so it stays away while we look.
    const squatter = net.createServer((socket) => socket.destroy())
    process.kill(before.pid, 'SIGKILL')
    await takePort(squatter, before.port)
    try {
      const down = await until('a failing page', async () => {
        const answer = await page('/')
        return answer.status >= 500 ? answer : undefined
      })
      expect(down.status).toBe(503)
      expect(down.type).toMatch(/text\/html/)
      expect(down.html).toContain('Temporarily Unavailable')
      expect(down.html).toMatch(/<html lang="en"/)
      expect(down.html).not.toMatch(/ECONNRE|Connection terminated|at .*\.js/)
      expect((await health()).status).toBe(503)
      // The JSON APIs say the same as the pages: 503, a clear message, when to try again.
      for (const path of ['/api/videos?limit=1', '/api/leaderboard', '/api/blog-posts?limit=1', '/api/user/stats', '/cms/api/posts?limit=1', '/cms/api/users/me']) {
        // As a member: their session cannot be looked up either (a 503, not "Please sign in first").
        const api = await fetch(`${server.url}${path}`, { headers: { cookie: member.cookie! } })
        expect(api.status, path).toBe(503)
        expect(api.headers.get('retry-after'), path).toBe('5')
        expect(await api.json(), path).toMatchObject({ error: 'The site is briefly unavailable. Please try again in a moment.' })
      }
      await sleep(1500) // the server keeps trying to restart it meanwhile
    } finally {
      await new Promise((resolve) => squatter.close(resolve))
    }

    const recovered = await until('a healthy server', async () => {
      const answer = await health()
      return answer.status === 200 ? answer : undefined
    })
    expect(recovered.body).toMatchObject({ status: 'ok', database: 'ok' })
    expect((await page('/')).status).toBe(200)
    expect((await page('/vlog')).status).toBe(200)
    const after = postmaster()
    expect(after.pid).not.toBe(before.pid)
    expect(after.port).toBe(before.port)
    expect(isAlive(server.pid)).toBe(true) // the same Node process throughout
    expect(readFileSync(server.logFile, 'utf8')).toContain('embedded PostgreSQL restarted')
  })

  it('/healthz reports a database that refuses writes, and recovers when it takes them again', async () => {
    await admin(`alter database app set default_transaction_read_only = on`)
    try {
      await dropAppConnections() // new connections are read-only; the pool's old ones are cut
      const readOnly = await until('a read-only report', async () => {
        const answer = await health()
        return answer.body.database === 'read-only' ? answer : undefined
      })
      expect(readOnly.status).toBe(503)
      expect(readOnly.body.reason).toMatch(/refuses writes/)
    } finally {
      await admin(`alter database app reset default_transaction_read_only`)
    }
    await dropAppConnections()
    await until('a healthy server', async () => ((await health()).status === 200 ? true : undefined))
    expect(isAlive(server.pid)).toBe(true) // the cut connections did not end the process
  })
})

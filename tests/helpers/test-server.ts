import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, openSync, rmSync } from 'node:fs'
import path from 'node:path'

import { buildPaths } from '../../server/build-paths'
import { freePort } from '../../server/embedded-postgres'
import { SERVER_ENV, serverNodeArgs } from '../../server/launch'
import { ROOT, runLabel } from './test-database'

export const TEST_ADMIN = { username: 'creator', password: 'creator-test-password' }

export type TestServer = { url: string; pid: number; logFile: string; dataDir: string; stop: () => Promise<void>; kill: () => Promise<void> }

/**
 * Starts the built production server (`npm start`'s entry) on a free port against `databaseUrl`,
 * or, with `null`, on its own embedded PostgreSQL in the data folder (kept when `fresh` is false).
 */
export async function startTestServer(
  baseLabel: string,
  databaseUrl: string | null,
  env: Record<string, string> = {},
  { fresh = true }: { fresh?: boolean } = {},
): Promise<TestServer> {
  const label = runLabel(baseLabel)
  const build = buildPaths(ROOT)
  for (const built of [path.join(build.siteDir, 'server/entry.mjs'), path.join(build.nextDir, 'BUILD_ID')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` before the tests`)
  }
  const port = await freePort()
  const dataDir = path.join(ROOT, '.data/test', `${label}-files`)
  if (fresh) rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const logFile = path.join(ROOT, '.data/test', `${label}-server.log`)
  const log = openSync(logFile, fresh ? 'w' : 'a')
  const childEnv: NodeJS.ProcessEnv = { ...process.env }
  delete childEnv.DATABASE_URL
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules/.bin/node'), serverNodeArgs(), {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: {
      ...childEnv,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      PORT: String(port),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      SERVER_URL: `http://localhost:${port}`,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'warn',
      // No RTMP ingest unless a test asks for one (a fixed 1935 would clash between servers).
      RTMP_PORT: '0',
      ...env,
    },
  })
  const url = `http://localhost:${port}`
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const deadline = Date.now() + 180_000
  for (;;) {
    const early = await Promise.race([exited, new Promise((r) => setTimeout(() => r('waiting'), 250))])
    if (early !== 'waiting') throw new Error(`test server exited with ${String(early)} before it was ready; see ${logFile}`)
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false)
    if (ok) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`test server did not become healthy in time; see ${logFile}`)
    }
  }
  return {
    url,
    pid: child.pid!,
    logFile,
    dataDir,
    kill: async () => {
      child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

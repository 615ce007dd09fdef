import { logger } from './logger'
import { isAlive, runningPostmaster, type EmbeddedDatabase } from './embedded-postgres'

type Cluster = Pick<EmbeddedDatabase, 'pid' | 'stop'>

const POLL_MS = 1000
/** The owner's own supervisor restarts a crashed postmaster after 250 ms: it goes first. */
const OWNER_FIRST_MS = 1500

/**
 * A second server on the same DATA_DIR uses the cluster the first one runs and never stops it.
 * When that postmaster goes away (its server stopped, or crashed and is not restarting it), this
 * server starts the cluster itself on the same port, so its pool (and every other server's)
 * reconnects to the same URL, and from then on looks after it as its own.
 */
export function joinCluster(dataDir: string, port: number, pid: number, runOwn: (port: number) => Promise<Cluster>): Cluster {
  let followed = pid
  let owned: Cluster | null = null
  let stopping = false
  let busy = false
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  const check = async () => {
    if (owned || busy || stopping || isAlive(followed)) return
    busy = true
    try {
      await sleep(OWNER_FIRST_MS)
      const running = await runningPostmaster(dataDir)
      if (running) {
        followed = running.pid
        return
      }
      if (stopping) return
      logger.warn({ port }, 'the embedded PostgreSQL this server used has stopped; starting it here')
      owned = await runOwn(port)
      clearInterval(timer)
      logger.warn({ port }, 'embedded PostgreSQL is up; this server runs it now')
    } catch (err) {
      logger.warn({ err: err ?? new Error('the postmaster exited'), port }, 'taking over the embedded PostgreSQL failed; trying again')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void check(), POLL_MS)
  timer.unref()

  return {
    pid: () => owned?.pid() ?? followed,
    stop: async () => {
      stopping = true
      clearInterval(timer)
      while (busy) await sleep(100)
      await owned?.stop()
    },
  }
}

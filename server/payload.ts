import path from 'node:path'

import type { Migration, Payload } from 'payload'

import { logger } from './logger'

/** Initialises the process-wide Payload instance, applies pending migrations and seeds an empty database. */
export async function initPayload({ seedIfEmpty = process.env.SEED !== '0', runJobs = false } = {}): Promise<Payload> {
  const [{ getPayload }, { default: config }, { migrations }] = await Promise.all([
    import('payload'),
    import('../payload.config'),
    import('../cms/migrations'),
  ])
  // cron: the jobs queue (scheduled publishing) runs in the server (runJobs), never in one-off
  // commands such as the seed.
  const payload = await getPayload({ config, cron: runJobs })
  keepPoolAlive(payload)
  // A server hears what other processes on the same database change (cache/signal.ts).
  if (runJobs) {
    const { startSignals } = await import('../cms/services/cache/signal')
    await startSignals(payload)
    // User writes here reach the other processes' session caches from the start (session-cache.ts).
    const { watchSessionWrites } = await import('../cms/services/cache/session-cache')
    watchSessionWrites(payload)
  }
  // In production the adapter ran them already (prodMigrations); elsewhere run them here, so
  // every environment uses the same schema path.
  if (process.env.NODE_ENV !== 'production' && process.env.PAYLOAD_DB_PUSH !== 'true') {
    // Generated migrations type their args precisely; Payload's list type takes them as unknown.
    await payload.db.migrate({ migrations: migrations as unknown as Migration[] })
  }
  // The site time zone setting, held in memory for the points clock (cms/services/settings/time-zone.ts).
  const { loadSiteTimeZone } = await import('../cms/services/settings/time-zone')
  await loadSiteTimeZone(payload)
  if (seedIfEmpty) {
    const { totalDocs } = await payload.count({ collection: 'users', overrideAccess: true })
    if (totalDocs === 0) {
      try {
        await seedInChildProcess()
      } catch (error) {
        await closePayload(payload)
        throw error
      }
    }
  }
  return payload
}

/**
 * The demo seed runs as `npm run seed` does, in a process of its own: drawing the stills, making
 * the clips and converting the posts leaves about 90 MB resident in whatever process does it, and
 * the server then carried that for its whole life (a warm server's RSS).
 */
async function seedInChildProcess() {
  const { spawn } = await import('node:child_process')
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'seed.ts')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: process.env,
    stdio: 'inherit',
  })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) throw new Error(`the demo seed failed (exit code ${String(code)}); see the log above`)
}

export function announceAdmin(admin: { username: string; password: string; generated: boolean }) {
  const lines = [
    'Demo content seeded. The creator (admin) account:',
    `  username: ${admin.username}`,
    admin.generated
      ? `  password: ${admin.password}   (generated; saved in ${path.relative(process.cwd(), path.join(process.env.DATA_DIR ?? '.data', 'admin-credentials.txt'))})`
      : '  password: from ADMIN_PASSWORD',
    '  sign in at /cms (admin panel) or /login (site)',
  ]
  logger.info({ username: admin.username }, 'admin account created')
  process.stdout.write('\n' + lines.join('\n') + '\n\n')
}

/**
 * When PostgreSQL goes away, the pool's idle connections fail with an 'error' event, which ends
 * the process if nobody listens. Heard here, each broken connection is dropped by the pool and
 * the next query opens a new one: the site answers 503s while the database is down and recovers
 * by itself when it is back (the embedded cluster is restarted by server/embedded-postgres.ts).
 */
export function keepPoolAlive(payload: Payload) {
  const pool = (payload.db as unknown as { pool?: import('pg').Pool }).pool
  if (!pool || pool.listenerCount('error') > 0) return
  pool.on('error', (err) => logger.warn({ err }, 'database connection lost; the pool reconnects on the next query'))
}

/** Payload's destroy() leaves the pg pool open; end it too, before PostgreSQL goes away. */
export async function closePayload(payload: Payload | undefined) {
  if (!payload) return
  const { stopSiteTimeZoneReads } = await import('../cms/services/settings/time-zone')
  await stopSiteTimeZoneReads(payload)
  const { stopSignals } = await import('../cms/services/cache/signal')
  await stopSignals()
  const pool = (payload.db as unknown as { pool?: import('pg').Pool }).pool
  pool?.on('error', () => undefined)
  await payload.destroy().catch((err) => logger.error({ err }, 'closing Payload failed'))
  // Payload keeps one client checked out for good, so end() would wait forever; PostgreSQL's
  // fast shutdown closes that session when the server stops it.
  await Promise.race([pool?.end().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000).unref())])
}

import fs from 'node:fs/promises'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import type { Request, Response } from 'express'
import type { Payload } from 'payload'

import { logger } from './logger'

/** Below this much free space where uploads and the database live, the site reports itself unhealthy. */
export const DEFAULT_MIN_FREE_BYTES = 100 * 1024 * 1024

export type HealthOptions = {
  /** The folder whose file system must have room (uploads, the embedded database): DATA_DIR. */
  dataDir?: string
  minFreeBytes?: number
  statfs?: (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>
}

type Check = { ok: boolean; status: string; reason?: string; freeBytes?: number }

/** Whether the database answers and takes writes (not a read-only replica or a read-only default). */
async function checkDatabase(payload: Payload): Promise<Check> {
  let row: Record<string, unknown> | undefined
  try {
    const result = (await payload.db.drizzle.execute(
      sql`select pg_is_in_recovery() as recovery, current_setting('transaction_read_only') as read_only`,
    )) as unknown as { rows: Record<string, unknown>[] }
    row = result.rows[0]
  } catch (error) {
    logger.error({ err: error }, 'health check: database unreachable')
    return { ok: false, status: 'unreachable', reason: 'The database does not answer.' }
  }
  if (row?.recovery === true) return { ok: false, status: 'read-only', reason: 'The database is a read-only replica (in recovery).' }
  if (row?.read_only === 'on') return { ok: false, status: 'read-only', reason: 'The database refuses writes (transactions are read-only).' }
  return { ok: true, status: 'ok' }
}

async function checkDisk(dir: string, minFreeBytes: number, statfs: NonNullable<HealthOptions['statfs']>): Promise<Check> {
  try {
    const stats = await statfs(dir)
    const freeBytes = Number(stats.bavail) * Number(stats.bsize)
    if (freeBytes < minFreeBytes) {
      return { ok: false, status: 'low', freeBytes, reason: `Only ${freeBytes} bytes are free for uploads and the database (HEALTH_MIN_FREE_BYTES is ${minFreeBytes}).` }
    }
    return { ok: true, status: 'ok', freeBytes }
  } catch (error) {
    logger.error({ err: error }, 'health check: cannot read free disk space')
    return { ok: false, status: 'unknown', reason: 'Free disk space cannot be read.' }
  }
}

/**
 * GET /healthz: 200 when the database answers and takes writes and the data folder's disk has
 * room; otherwise 503 with the reason, so a load balancer or monitor takes the instance out.
 */
export function healthCheck(payload: Payload, options: HealthOptions = {}) {
  const dataDir = path.resolve(options.dataDir ?? process.env.DATA_DIR ?? '.data')
  const fromEnv = Number(process.env.HEALTH_MIN_FREE_BYTES)
  const minFreeBytes = options.minFreeBytes ?? (process.env.HEALTH_MIN_FREE_BYTES && Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : DEFAULT_MIN_FREE_BYTES)
  const statfs = options.statfs ?? ((dir: string) => fs.statfs(dir))
  return async (_req: Request, res: Response) => {
    const [database, disk] = await Promise.all([checkDatabase(payload), checkDisk(dataDir, minFreeBytes, statfs)])
    const ok = database.ok && disk.ok
    const reasons = [database.reason, disk.reason].filter(Boolean)
    if (!ok) logger.warn({ database: database.status, disk: disk.status, freeBytes: disk.freeBytes }, 'health check failed')
    res.set('cache-control', 'no-store')
    // Healthy: the short answer monitors already expect. Unhealthy: what is wrong and why.
    if (ok) return res.json({ status: 'ok', database: 'ok' })
    res.status(503).json({
      status: 'error',
      database: database.status,
      disk: disk.status,
      ...(disk.freeBytes !== undefined ? { freeBytes: disk.freeBytes } : {}),
      reason: reasons.join(' '),
    })
  }
}

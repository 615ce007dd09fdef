// The one-at-a-time rule for imports and syncs, across every server process.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { inTransaction, transactionDb } from '../db/transactions'

/** One import or sync at a time, across every server process: a transaction-scoped advisory lock. */
export const SYNC_LOCK = sql`hashtext('youtube-sync')`

/** True when no process is importing or syncing now (the lock is taken and released at once). */
export async function syncLockFree(payload: Payload): Promise<boolean> {
  return inTransaction(payload, async (req) => {
    const db = await transactionDb(payload, req)
    const { rows } = await db.execute(sql`select pg_try_advisory_xact_lock(${SYNC_LOCK}) as free`)
    return Boolean(rows[0]?.free)
  })
}

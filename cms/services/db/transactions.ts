// Database transactions for services that write more than one row (terms in README.md).
import type { sql } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'

/** Drizzle handle bound to the request's transaction, so raw SQL and Local API calls commit together. */
export async function transactionDb(payload: Payload, req: PayloadRequest) {
  const id = await req.transactionID
  const adapter = payload.db as unknown as {
    drizzle: { execute: (q: ReturnType<typeof sql>) => Promise<{ rows: Record<string, unknown>[] }> }
    sessions?: Record<string, { db: typeof adapter.drizzle }>
  }
  return (id !== undefined && adapter.sessions?.[String(id)]?.db) || adapter.drizzle
}

export type Db = Awaited<ReturnType<typeof transactionDb>>

/**
 * Runs `work` in one database transaction and commits it, or rolls it back on any error. Given an
 * `outer` request already in a transaction, `work` joins that one (its caller commits).
 */
export async function inTransaction<T>(payload: Payload, work: (req: PayloadRequest) => Promise<T>, outer?: PayloadRequest): Promise<T> {
  if (outer && (await outer.transactionID) !== undefined) return work(outer)
  const req = outer ?? (await createLocalReq({}, payload))
  const owns = await initTransaction(req)
  try {
    const result = await work(req)
    if (owns) await commitTransaction(req)
    return result
  } catch (error) {
    if (owns) await killTransaction(req)
    throw error
  }
}

/** The adapter's own handle (autocommit): for reads and single-statement writes outside any transaction. */
export const poolDb = (payload: Payload): Db => (payload.db as unknown as { drizzle: Db }).drizzle

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

/** Runs `work` in one database transaction of its own and commits it, or rolls it back on any error. */
export async function inTransaction<T>(payload: Payload, work: (req: PayloadRequest) => Promise<T>): Promise<T> {
  const req = await createLocalReq({}, payload)
  await initTransaction(req)
  try {
    const result = await work(req)
    await commitTransaction(req)
    return result
  } catch (error) {
    await killTransaction(req)
    throw error
  }
}

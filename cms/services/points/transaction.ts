import type { Payload, PayloadRequest } from 'payload'
import { commitTransaction, createLocalReq, initTransaction, killTransaction } from 'payload'

import { transactionDb } from '../auth/register'

export { transactionDb }

/** The drizzle handle bound to `req`'s transaction (raw SQL that commits with the Local API writes). */
export type Db = Awaited<ReturnType<typeof transactionDb>>

/**
 * Runs `work` in a transaction: the caller's (`outer`, which the caller commits) when given,
 * otherwise a new one committed here, or rolled back on any error.
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

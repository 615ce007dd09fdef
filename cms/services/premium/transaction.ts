import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { User } from '../../payload-types'
import { inTransaction, transactionDb } from '../db/transactions'

export { inTransaction }

/**
 * The member's row, locked until the transaction ends: the member's own activation, PayPal's
 * webhooks and the expiry check change Premium one at a time.
 */
export async function lockUser(payload: Payload, req: PayloadRequest, id: number): Promise<User | null> {
  const db = await transactionDb(payload, req)
  const { rows } = await db.execute(sql`select id from users where id = ${id} for update`)
  if (rows.length === 0) return null
  // The caller checked who may change this member; the lookup reads the stored row as it is.
  return payload.findByID({ collection: 'users', id, depth: 0, req, overrideAccess: true, disableErrors: true })
}

/** The account that holds a PayPal subscription, if any. */
export async function subscriptionHolder(payload: Payload, req: PayloadRequest, subscriptionId: string): Promise<User | null> {
  const { docs } = await payload.find({
    collection: 'users',
    where: { paypalSubscriptionId: { equals: subscriptionId } },
    limit: 1,
    depth: 0,
    req,
    overrideAccess: true, // a service lookup by PayPal's id; nothing of it reaches the caller
  })
  return docs[0] ?? null
}

import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeOperationHook, Payload, PayloadRequest } from 'payload'

import { transactionDb } from '../db/transactions'

/**
 * Locks a member's `users` row until the request's transaction ends; false when there is no such
 * row. Every write of that row takes it first, so the read each write starts from includes what
 * the previous holder committed.
 *
 * Why: Payload writes a user back whole. Its update operation reads the row, merges the change into
 * it and writes every column and every `sessions` row again; a sign-in and a sign-out do the same
 * to add or drop one session. Two such writes side by side each start from the row as it was, so
 * the second erases the first: a sign-in made meanwhile loses its session (the new cookie answers
 * 401), a picture just linked or points just awarded go back to their old values.
 */
export async function lockUserRow(payload: Payload, req: PayloadRequest, id: number | string): Promise<boolean> {
  const db = await transactionDb(payload, req)
  const { rows } = await db.execute(sql`select id from users where id = ${Number(id)} for update`)
  return rows.length > 0
}

const rowId = (value: unknown): number | null => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/**
 * Users' beforeOperation hook: Payload's update by id (REST, /cms, Local API) and session refresh
 * lock the row before they read it. Both have opened their transaction by then; without one
 * (disableTransaction) there is nothing to hold a lock and the write goes on as before.
 */
export const serializeUserWrites: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const id = operation === 'update' ? rowId((args as { id?: unknown }).id) : operation === 'refresh' ? rowId(req.user?.id) : null
  if (id !== null && (await req.transactionID) !== undefined) await lockUserRow(req.payload, req, id)
  return args
}

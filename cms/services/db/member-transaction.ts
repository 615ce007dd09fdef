// A member's writes in one order (terms in README.md): their `users` row locked first, a lost race retried.
import { AsyncLocalStorage } from 'node:async_hooks'

import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'

import { transactionDb, type Db } from './transactions'

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction lost a race and may simply run again. */
const RETRYABLE_STATES = new Set(['40P01', '40001'])

/** How many times a member's transaction runs at most, and the backoff before each new attempt. */
export const MEMBER_TRANSACTION_ATTEMPTS = 5
const BACKOFF_BASE_MS = 8
const BACKOFF_MAX_MS = 200

/** The SQLSTATE of a database error, however the driver, Drizzle or Payload wrapped it. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

/** A deadlock victim or a serialisation failure: nothing was written, running it again is safe. */
export const isRetryableConflict = (error: unknown): boolean => RETRYABLE_STATES.has(sqlStateOf(error) ?? '')

/**
 * Locks the member's row until the transaction ends; false when there is no such member.
 * FOR NO KEY UPDATE, not FOR UPDATE: it still makes the member's awards, Premium and badge writes
 * run one after another, but it does not conflict with the KEY SHARE lock a foreign key takes, so
 * rows that reference the member (a bookmark, a like, a session) written by another transaction
 * never wait on it, and it never waits on them.
 */
export async function lockMemberRow(db: Db, userId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select id from users where id = ${userId} for no key update`)
  return rows.length > 0
}

/**
 * One member's transactions in this process, one at a time: thirty parallel requests of one member
 * hold one pooled connection between them instead of all of them, each waiting on the row lock,
 * so the other members' requests still find a free connection. The row lock stays the truth
 * (another server instance, or a write that does not come through here).
 */
const QUEUES_KEY = Symbol.for('app.db.memberQueues')
function queues(): Map<number, Promise<unknown>> {
  const global = globalThis as Record<symbol, Map<number, Promise<unknown>> | undefined>
  return (global[QUEUES_KEY] ??= new Map())
}

/** The members whose queue the current async call chain already holds (a nested call must not wait on itself). */
const held = new AsyncLocalStorage<ReadonlySet<number>>()

async function inMemberQueue<T>(userId: number, task: () => Promise<T>): Promise<T> {
  const holding = held.getStore()
  if (holding?.has(userId)) return task()
  const run = () => held.run(new Set([...(holding ?? []), userId]), task)
  const all = queues()
  const before = all.get(userId) ?? Promise.resolve()
  const mine = before.then(run, run)
  const settled = mine.then(
    () => undefined,
    () => undefined,
  )
  all.set(userId, settled)
  try {
    return await mine
  } finally {
    if (all.get(userId) === settled) all.delete(userId)
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The wait before attempt `attempt + 1`: doubling, jittered so two victims do not collide again. */
const backoffMs = (attempt: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt) * (0.5 + Math.random())

/**
 * Runs `work(req)` in a transaction that first locks member `userId`'s `users` row (HOUSE rule 18):
 * any write that references the member, an award, a cap or a limit checked in `work` comes after
 * the lock, so one member's transactions never take their locks in two orders, and what `work`
 * reads it reads after the previous holder committed. A deadlock or serialisation failure rolls
 * back and runs the whole transaction again (a few times, with a small jittered backoff); `work`
 * must therefore only write through `req`. Given an `outer` request already in a transaction,
 * `work` joins it after the lock (its owner commits, and retries). `work` runs even for an unknown
 * member (the lock then holds nothing): callers check existence as they did.
 */
export async function inMemberTransaction<T>(payload: Payload, userId: number, work: (req: PayloadRequest) => Promise<T>, outer?: PayloadRequest): Promise<T> {
  if (outer && (await outer.transactionID) !== undefined) {
    await lockMemberRow(await transactionDb(payload, outer), userId)
    return work(outer)
  }
  return inMemberQueue(userId, async () => {
    for (let attempt = 1; ; attempt++) {
      const req = await createLocalReq({}, payload)
      const owns = await initTransaction(req)
      try {
        await lockMemberRow(await transactionDb(payload, req), userId)
        const result = await work(req)
        if (owns) await commitTransaction(req)
        return result
      } catch (error) {
        if (owns) await killTransaction(req)
        if (!isRetryableConflict(error) || attempt >= MEMBER_TRANSACTION_ATTEMPTS) throw error
        payload.logger.info({ event: 'member_transaction_retried', userId, attempt, code: sqlStateOf(error) }, 'member transaction retried after a lost race')
        await pause(backoffMs(attempt))
      }
    }
  })
}

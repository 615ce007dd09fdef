import { createHash } from 'node:crypto'

import type { Payload } from 'payload'
import type { Pool, QueryConfig } from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible'

/** The table every limiter shares (created by the rate_limits migration, in the shape RateLimiterPostgres reads). */
export const RATE_LIMIT_TABLE = 'rate_limits'

/** A counter: at most `points` in `durationSeconds`, counted from the first one (a fixed window). */
export type CounterSpec = { name: string; points: number; durationSeconds: number }

type Limiters = {
  /** One limiter per pool and counter: every process on one database shares the rows. */
  shared: WeakMap<Pool, Map<string, RateLimiterPostgres>>
  /** The pools that already have a limiter clearing expired rows. */
  sweeping: WeakSet<Pool>
  /** Without a database (unit tests): this process only. */
  local: Map<string, RateLimiterMemory>
  failureLoggedAt: number
}

// On globalThis: the Express side, the Astro bundle and the Next bundle (three copies of this
// module in one process) must use the same limiters, or each would count a third of the hits.
const KEY = Symbol.for('app.rateLimiters')
const limiters = (): Limiters =>
  ((globalThis as Record<symbol, Limiters | undefined>)[KEY] ??= { shared: new WeakMap(), sweeping: new WeakSet(), local: new Map(), failureLoggedAt: 0 })

const specId = (spec: CounterSpec) => `${spec.name}:${spec.points}:${spec.durationSeconds}`

const memoryLimiter = (spec: CounterSpec) => new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: spec.durationSeconds })

/** Payload's own pg pool (house rule: nothing else opens a database connection). */
const poolOf = (payload: Payload): Pool | undefined => (payload.db as unknown as { pool?: Pool } | undefined)?.pool

/**
 * The limiter of `spec`: counted in PostgreSQL (rate_limits) when `payload` has a database, with an
 * in-memory limiter of the same rule as insurance, so a database hiccup neither locks everyone out
 * nor lets everyone through; counted in this process only when there is no payload (unit tests).
 */
export function limiterFor(payload: Payload | null | undefined, spec: CounterSpec): RateLimiterAbstract {
  const all = limiters()
  const pool = payload ? poolOf(payload) : undefined
  const id = specId(spec)
  if (!payload || !pool) {
    let limiter = all.local.get(id)
    if (!limiter) all.local.set(id, (limiter = memoryLimiter(spec)))
    return limiter
  }
  let byRule = all.shared.get(pool)
  if (!byRule) all.shared.set(pool, (byRule = new Map()))
  let limiter = byRule.get(id)
  if (!limiter) {
    // One limiter per process clears rows expired over an hour ago (every 5 minutes): the delete is
    // idempotent and cheap on the expire index, so several processes doing it need no coordination.
    const sweeps = !all.sweeping.has(pool)
    if (sweeps) all.sweeping.add(pool)
    limiter = new RateLimiterPostgres({
      storeClient: loggingClient(payload, pool),
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: sweeps,
      keyPrefix: spec.name,
      points: spec.points,
      duration: spec.durationSeconds,
      insuranceLimiter: memoryLimiter(spec),
    })
    byRule.set(id, limiter)
  }
  return limiter
}

/**
 * The pool as the limiter queries it, saying in the log (at most once a minute) when PostgreSQL
 * failed and this process counts on its own until it answers again.
 */
function loggingClient(payload: Payload, pool: Pool) {
  return {
    query: (query: QueryConfig) =>
      pool.query(query).catch((err: unknown) => {
        const all = limiters()
        if (Date.now() - all.failureLoggedAt > 60_000) {
          all.failureLoggedAt = Date.now()
          payload.logger.warn({ err, event: 'rate_limit_store_failed' }, 'rate limits: the database store failed; counting in this process meanwhile')
        }
        throw err
      }),
  }
}

/** A key that fits the table's varchar(255) with its prefix: long ones (a 1024-character name) by their hash. */
export const storeKey = (key: string): string => (key.length > 200 ? `#${createHash('sha256').update(key).digest('hex')}` : key)

/**
 * Forgets every key of `spec` that starts with `prefix`, in the shared table and in this
 * process's memory (the insurance, or the local limiter). For rare resets (an account's sign-in
 * failures after a new password), not for hot paths: the table delete reads the whole table.
 */
export async function deleteKeysStartingWith(payload: Payload | null | undefined, spec: CounterSpec, prefix: string) {
  const limiter = limiterFor(payload, spec)
  const pool = payload ? poolOf(payload) : undefined
  const memory = limiter instanceof RateLimiterMemory ? limiter : (limiter as unknown as { insuranceLimiter?: RateLimiterMemory }).insuranceLimiter
  if (memory) {
    // The memory store has no key listing of its own; its Map is read here (pinned version).
    const storage = (memory as unknown as { _memoryStorage: { _storage: Map<string, unknown> } })._memoryStorage._storage
    const stored = `${spec.name}:${prefix}`
    for (const key of [...storage.keys()]) if (key.startsWith(stored)) await memory.delete(key.slice(spec.name.length + 1))
  }
  if (payload && pool) {
    await pool
      .query(`DELETE FROM "${RATE_LIMIT_TABLE}" WHERE starts_with(key, $1)`, [`${spec.name}:${prefix}`])
      .catch((err: unknown) => payload.logger.warn({ err, event: 'rate_limit_reset_failed', counter: spec.name }, 'rate limits: could not forget counters in the database'))
  }
}

import { createHash } from 'node:crypto'

import type { Payload } from 'payload'

import { deleteKeysStartingWith, limiterFor, type CounterSpec } from '../rate-limit/store'

/**
 * Failed sign-ins counted per (account name, client key) pair, with backoff: after
 * LOGIN_MAX_ATTEMPTS failures (default 5) the pair waits 1 minute, and each further failure
 * doubles the wait, up to LOGIN_LOCK_MINUTES (default 15). A stranger guessing from one address
 * only slows down their own guesses on that account; the owner, elsewhere or on a known device,
 * is not held back. Names that have no account count exactly as real ones do, so a 429 never
 * tells anyone an account exists. Failures and waits are kept in PostgreSQL (rate_limits, through
 * the rate-limit store), so failures made on several server processes add up.
 */

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}

export const throttleSettings = () => ({
  freeFailures: Math.floor(envNumber('LOGIN_MAX_ATTEMPTS', 5)),
  firstWaitMs: 60_000,
  maxWaitMs: envNumber('LOGIN_LOCK_MINUTES', 15) * 60_000,
})

/** A pair's failures are forgotten this long after its first one. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60

/** Failures per pair: only counted (penalty), never refused by the counter itself. */
const failures: CounterSpec = { name: 'login-failures', points: 1_000_000, durationSeconds: FORGET_AFTER_SECONDS }
/** A pair's current wait: a row blocked for the wait's length (its expiry is the end of the wait). */
const waits: CounterSpec = { name: 'login-waits', points: 1, durationSeconds: FORGET_AFTER_SECONDS }

/** The account name as it is stored and looked up (Payload lowercases and trims usernames). */
export const accountName = (username: string) => username.toLowerCase().trim()

/**
 * The account part of a pair's key: encoded, so no name can contain the ':' that ends it (an
 * account's pairs are then exactly the keys that start with it), and hashed when too long for
 * the table (names may be up to 1024 characters).
 */
const accountPrefix = (username: string) => {
  const encoded = encodeURIComponent(accountName(username))
  return `${encoded.length > 150 ? `#${createHash('sha256').update(encoded).digest('hex')}` : encoded}:`
}

const pairKey = (username: string, clientKey: string) => `${accountPrefix(username)}${clientKey}`

/** Seconds this pair must still wait before its next attempt, or 0. */
export async function loginWaitSeconds(payload: Payload | null | undefined, username: string, clientKey: string): Promise<number> {
  const wait = await limiterFor(payload, waits).get(pairKey(username, clientKey))
  return wait && wait.consumedPoints > waits.points ? Math.max(0, Math.ceil(wait.msBeforeNext / 1000)) : 0
}

/** Counts a failure; returns the seconds the pair must now wait (0 while under the free failures). */
export async function recordLoginFailure(payload: Payload | null | undefined, username: string, clientKey: string): Promise<number> {
  const { freeFailures, firstWaitMs, maxWaitMs } = throttleSettings()
  const key = pairKey(username, clientKey)
  // One atomic upsert: failures sent to two processes at once both count.
  const { consumedPoints } = await limiterFor(payload, failures).penalty(key)
  if (consumedPoints < freeFailures) return 0
  // Whole seconds: the store keeps the wait's end as integer milliseconds.
  const waitSeconds = Math.ceil(Math.min(maxWaitMs, firstWaitMs * 2 ** (consumedPoints - freeFailures)) / 1000)
  await limiterFor(payload, waits).block(key, waitSeconds)
  return waitSeconds
}

/** A successful sign-in clears its pair. */
export async function clearLoginFailures(payload: Payload | null | undefined, username: string, clientKey: string) {
  const key = pairKey(username, clientKey)
  await Promise.all([limiterFor(payload, failures).delete(key), limiterFor(payload, waits).delete(key)])
}

/** A new password (set by an admin in /cms) clears every pair of the account. */
export async function clearAccountFailures(payload: Payload | null | undefined, username: string) {
  const prefix = accountPrefix(username)
  await Promise.all([deleteKeysStartingWith(payload, failures, prefix), deleteKeysStartingWith(payload, waits, prefix)])
}

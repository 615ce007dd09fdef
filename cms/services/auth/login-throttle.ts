/**
 * Failed sign-ins counted per (account name, client key) pair, with backoff: after
 * LOGIN_MAX_ATTEMPTS failures (default 5) the pair waits 1 minute, and each further failure
 * doubles the wait, up to LOGIN_LOCK_MINUTES (default 15). A stranger guessing from one address
 * only slows down their own guesses on that account; the owner, elsewhere or on a known device,
 * is not held back. Names that have no account count exactly as real ones do, so a 429 never
 * tells anyone an account exists. The store lives on globalThis so the Express side, the Astro
 * bundle and the Next bundle (three copies of this module in one process) share it.
 */
type Pair = { failures: number; blockedUntil: number; lastFailureAt: number }
type Store = Map<string, Pair>

const STORE_KEY = Symbol.for('app.loginThrottle')
const store = (): Store => {
  const global = globalThis as Record<symbol, Store | undefined>
  return (global[STORE_KEY] ??= new Map())
}

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? value : fallback
}

export const throttleSettings = () => ({
  freeFailures: Math.floor(envNumber('LOGIN_MAX_ATTEMPTS', 5)),
  firstWaitMs: 60_000,
  maxWaitMs: envNumber('LOGIN_LOCK_MINUTES', 15) * 60_000,
})

/** A pair is forgotten this long after its last failure. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000

/** The account name as it is stored and looked up (Payload lowercases and trims usernames). */
export const accountName = (username: string) => username.toLowerCase().trim()

const pairKey = (username: string, clientKey: string) => `${accountName(username)}\u0000${clientKey}`

/** Seconds this pair must still wait before its next attempt, or 0. */
export function loginWaitSeconds(username: string, clientKey: string, now = Date.now()): number {
  const pair = store().get(pairKey(username, clientKey))
  if (!pair) return 0
  if (pair.lastFailureAt + FORGET_AFTER_MS <= now) {
    store().delete(pairKey(username, clientKey))
    return 0
  }
  return pair.blockedUntil > now ? Math.ceil((pair.blockedUntil - now) / 1000) : 0
}

/** Counts a failure; returns the seconds the pair must now wait (0 while under the free failures). */
export function recordLoginFailure(username: string, clientKey: string, now = Date.now()): number {
  const { freeFailures, firstWaitMs, maxWaitMs } = throttleSettings()
  const key = pairKey(username, clientKey)
  const map = store()
  let pair = map.get(key)
  if (!pair || pair.lastFailureAt + FORGET_AFTER_MS <= now) pair = { failures: 0, blockedUntil: 0, lastFailureAt: now }
  pair.failures += 1
  pair.lastFailureAt = now
  if (pair.failures >= freeFailures) {
    const wait = Math.min(maxWaitMs, firstWaitMs * 2 ** (pair.failures - freeFailures))
    pair.blockedUntil = now + wait
  }
  map.set(key, pair)
  if (map.size > 100_000) sweep(now)
  return pair.blockedUntil > now ? Math.ceil((pair.blockedUntil - now) / 1000) : 0
}

/** A successful sign-in clears its pair. */
export function clearLoginFailures(username: string, clientKey: string) {
  store().delete(pairKey(username, clientKey))
}

/** A new password (set by an admin in /cms) clears every pair of the account. */
export function clearAccountFailures(username: string) {
  const prefix = `${accountName(username)}\u0000`
  for (const key of store().keys()) if (key.startsWith(prefix)) store().delete(key)
}

function sweep(now: number) {
  for (const [key, pair] of store()) if (pair.lastFailureAt + FORGET_AFTER_MS <= now && pair.blockedUntil <= now) store().delete(key)
}

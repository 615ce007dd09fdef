import { availableParallelism } from 'node:os'
import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Payload's password hashes (node_modules/payload/dist/auth/strategies/local/generatePasswordSaltHash.js):
 * PBKDF2-SHA256 over the hex salt, 600 000 iterations and a 32-byte key behind a
 * `pbkdf2-sha256-v1:` prefix; hashes written by older Payload versions have no prefix and use
 * 25 000 iterations and a 512-byte key.
 */
export const HASH_PREFIX = 'pbkdf2-sha256-v1:'
export const CURRENT_HASH = { iterations: 600_000, keyLength: 32 } as const
export const LEGACY_HASH = { iterations: 25_000, keyLength: 512 } as const

const derive = (password: string, salt: string, iterations: number, keyLength: number) =>
  new Promise<Buffer>((resolve, reject) =>
    pbkdf2(password, salt, iterations, keyLength, 'sha256', (error, key) => (error ? reject(error) : resolve(key))),
  )

/**
 * Password work (each hash is ~100 ms of one core on libuv's thread pool) waits for one of a few
 * slots: one fewer than the cores, at most 4 (libuv's default pool has 4 threads, which
 * compression and file reads share). A burst of sign-ins or registrations queues here instead of
 * filling the thread pool, every core and (registrations hash inside their transaction) the
 * database pool, so pages keep answering while it drains.
 */
export const PASSWORD_SLOTS = Math.max(1, Number(process.env.PASSWORD_HASH_CONCURRENCY) || Math.min(4, availableParallelism() - 1))

type Slots = { free: number; waiting: (() => void)[] }
const SLOTS_KEY = Symbol.for('app.passwordSlots')
const slots = (): Slots => {
  const global = globalThis as Record<symbol, Slots | undefined>
  return (global[SLOTS_KEY] ??= { free: PASSWORD_SLOTS, waiting: [] })
}

/** Runs `work` in a password slot (see PASSWORD_SLOTS). */
export async function withPasswordSlot<T>(work: () => Promise<T>): Promise<T> {
  const state = slots()
  if (state.free > 0) state.free--
  else await new Promise<void>((resolve) => state.waiting.push(resolve))
  try {
    return await work()
  } finally {
    const next = state.waiting.shift()
    if (next) next()
    else state.free++
  }
}

/** Counts of dummy hashes run, for tests that check an unknown account costs a hash too. */
export const dummyHashes = { count: 0 }
const DUMMY_SALT = randomBytes(32).toString('hex')

/**
 * Whether `password` matches a stored Payload hash. Without a stored hash (no such account) it
 * still runs a hash with the current parameters, so an unknown username costs what a wrong
 * password costs.
 */
export async function verifyPassword(password: string, stored: { hash?: unknown; salt?: unknown } | null | undefined): Promise<boolean> {
  const hash = typeof stored?.hash === 'string' ? stored.hash : null
  const salt = typeof stored?.salt === 'string' ? stored.salt : null
  return withPasswordSlot(async () => {
    if (!hash || !salt) {
      dummyHashes.count++
      await derive(password, DUMMY_SALT, CURRENT_HASH.iterations, CURRENT_HASH.keyLength)
      return false
    }
    const current = hash.startsWith(HASH_PREFIX)
    const { iterations, keyLength } = current ? CURRENT_HASH : LEGACY_HASH
    const expected = Buffer.from(current ? hash.slice(HASH_PREFIX.length) : hash, 'hex')
    const actual = await derive(password, salt, iterations, keyLength)
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  })
}

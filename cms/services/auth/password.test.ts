import { pbkdf2Sync, randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { CURRENT_HASH, dummyHashes, HASH_PREFIX, LEGACY_HASH, verifyPassword, withPasswordSlot } from './password'

const salt = randomBytes(32).toString('hex')
const current = `${HASH_PREFIX}${pbkdf2Sync('right-password', salt, CURRENT_HASH.iterations, CURRENT_HASH.keyLength, 'sha256').toString('hex')}`
const legacy = pbkdf2Sync('right-password', salt, LEGACY_HASH.iterations, LEGACY_HASH.keyLength, 'sha256').toString('hex')

describe('verifyPassword', () => {
  it('accepts the right password for a Payload hash, current or legacy, and nothing else', async () => {
    expect(await verifyPassword('right-password', { hash: current, salt })).toBe(true)
    expect(await verifyPassword('wrong-password', { hash: current, salt })).toBe(false)
    expect(await verifyPassword('right-password', { hash: legacy, salt })).toBe(true)
    expect(await verifyPassword('wrong-password', { hash: legacy, salt })).toBe(false)
  })

  it('runs a hash with the current parameters when there is no account, and says no', async () => {
    const before = dummyHashes.count
    expect(await verifyPassword('right-password', null)).toBe(false)
    expect(await verifyPassword('right-password', { hash: null, salt: null })).toBe(false)
    expect(dummyHashes.count).toBe(before + 2)
  })
})

describe('withPasswordSlot', () => {
  it('runs every piece of work, never more at once than there are slots', async () => {
    let running = 0
    let most = 0
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        withPasswordSlot(async () => {
          running++
          most = Math.max(most, running)
          await new Promise((resolve) => setTimeout(resolve, 5))
          running--
          return i
        }),
      ),
    )
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i))
    expect(most).toBeGreaterThanOrEqual(1)
    expect(most).toBeLessThan(12)
  })

  it('frees the slot when the work fails', async () => {
    await expect(withPasswordSlot(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await withPasswordSlot(async () => 'next')).toBe('next')
  })
})

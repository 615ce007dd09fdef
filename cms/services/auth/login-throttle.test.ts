import { afterEach, describe, expect, it, vi } from 'vitest'

import { clearAccountFailures, clearLoginFailures, loginWaitSeconds, recordLoginFailure } from './login-throttle'

const name = () => `someone_${Math.random().toString(16).slice(2)}`

// No payload: the counters of this process (the shared store is covered by tests/int).
const fail = (user: string, ip: string) => recordLoginFailure(null, user, ip)
const wait = (user: string, ip: string) => loginWaitSeconds(null, user, ip)

afterEach(() => {
  vi.useRealTimers()
})

describe('sign-in backoff per (account, address)', () => {
  it('lets 4 failures pass, then waits 1 minute, doubling up to 15 minutes', async () => {
    const user = name()
    const t0 = 1_000_000
    vi.useFakeTimers({ now: t0 })
    const first = []
    for (let i = 1; i <= 4; i++) first.push(await fail(user, 'ip-a'))
    expect(first).toEqual([0, 0, 0, 0])
    expect(await fail(user, 'ip-a')).toBe(60)
    expect(await wait(user, 'ip-a')).toBe(60)
    vi.setSystemTime(t0 + 60_000)
    expect(await wait(user, 'ip-a')).toBe(0)
    const waits = []
    for (let i = 6; i <= 10; i++) {
      vi.setSystemTime(t0 + i * 3_600_000)
      waits.push(await fail(user, 'ip-a'))
    }
    expect(waits).toEqual([120, 240, 480, 900, 900])
  })

  it('holds back only that pair: other addresses and other accounts are free', async () => {
    const user = name()
    for (let i = 0; i < 5; i++) await fail(user, 'ip-a')
    expect(await wait(user, 'ip-a')).toBeGreaterThan(0)
    expect(await wait(user, 'ip-b')).toBe(0)
    expect(await wait(name(), 'ip-a')).toBe(0)
    expect(await wait(` ${user.toUpperCase()} `, 'ip-a')).toBeGreaterThan(0) // names as Payload stores them
  })

  it('a success clears its pair; a new password clears every pair of the account, and only that account', async () => {
    const user = name()
    const neighbour = `${user}x` // a longer name starting with the same letters
    for (let i = 0; i < 5; i++) {
      await fail(user, 'ip-a')
      await fail(user, 'ip-b')
      await fail(neighbour, 'ip-b')
    }
    await clearLoginFailures(null, user, 'ip-a')
    expect(await wait(user, 'ip-a')).toBe(0)
    expect(await wait(user, 'ip-b')).toBeGreaterThan(0)
    await clearAccountFailures(null, user)
    expect(await wait(user, 'ip-b')).toBe(0)
    expect(await wait(neighbour, 'ip-b')).toBeGreaterThan(0)
    // Cleared means counted from zero again: 4 more failures pass.
    for (let i = 0; i < 4; i++) expect(await fail(user, 'ip-b')).toBe(0)
  })

  it('a name of 1024 characters is held back like any other', async () => {
    const user = 'n'.repeat(1024)
    for (let i = 0; i < 5; i++) await fail(user, 'ip-a')
    expect(await wait(user, 'ip-a')).toBeGreaterThan(0)
    await clearAccountFailures(null, user)
    expect(await wait(user, 'ip-a')).toBe(0)
  })
})

import { describe, expect, it } from 'vitest'

import { clearAccountFailures, clearLoginFailures, loginWaitSeconds, recordLoginFailure } from './login-throttle'

const name = () => `someone_${Math.random().toString(16).slice(2)}`

describe('sign-in backoff per (account, address)', () => {
  it('lets 4 failures pass, then waits 1 minute, doubling up to 15 minutes', () => {
    const user = name()
    const t0 = 1_000_000
    expect([1, 2, 3, 4].map((i) => recordLoginFailure(user, 'ip-a', t0 + i))).toEqual([0, 0, 0, 0])
    expect(recordLoginFailure(user, 'ip-a', t0 + 5)).toBe(60)
    expect(loginWaitSeconds(user, 'ip-a', t0 + 5)).toBe(60)
    expect(loginWaitSeconds(user, 'ip-a', t0 + 5 + 60_000)).toBe(0)
    const waits = [6, 7, 8, 9, 10].map((i) => recordLoginFailure(user, 'ip-a', t0 + i * 3_600_000))
    expect(waits).toEqual([120, 240, 480, 900, 900])
  })

  it('holds back only that pair: other addresses and other accounts are free', () => {
    const user = name()
    for (let i = 0; i < 5; i++) recordLoginFailure(user, 'ip-a')
    expect(loginWaitSeconds(user, 'ip-a')).toBeGreaterThan(0)
    expect(loginWaitSeconds(user, 'ip-b')).toBe(0)
    expect(loginWaitSeconds(name(), 'ip-a')).toBe(0)
    expect(loginWaitSeconds(` ${user.toUpperCase()} `, 'ip-a')).toBeGreaterThan(0) // names as Payload stores them
  })

  it('a success clears its pair; a new password clears every pair of the account', () => {
    const user = name()
    for (let i = 0; i < 5; i++) {
      recordLoginFailure(user, 'ip-a')
      recordLoginFailure(user, 'ip-b')
    }
    clearLoginFailures(user, 'ip-a')
    expect(loginWaitSeconds(user, 'ip-a')).toBe(0)
    expect(loginWaitSeconds(user, 'ip-b')).toBeGreaterThan(0)
    clearAccountFailures(user)
    expect(loginWaitSeconds(user, 'ip-b')).toBe(0)
  })
})

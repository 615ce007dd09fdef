import { describe, expect, it } from 'vitest'

import { hit, reset, tooManyAttemptsMessage } from './index'

const rule = { name: `test-${Math.random()}`, limit: 3, windowMs: 60_000 }

describe('fixed-window rate limit', () => {
  it('allows `limit` attempts per key, then refuses until the window ends', () => {
    const t0 = 1_000_000
    expect([1, 2, 3].map(() => hit(rule, 'ip-a', t0).allowed)).toEqual([true, true, true])
    const refused = hit(rule, 'ip-a', t0 + 1_000)
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBe(59)
    expect(hit(rule, 'ip-b', t0 + 1_000).allowed).toBe(true) // other keys are unaffected
    expect(hit(rule, 'ip-a', t0 + 60_000).allowed).toBe(true) // a new window starts afresh
  })

  it('reset clears a key', () => {
    for (let i = 0; i < 4; i++) hit(rule, 'ip-c')
    reset(rule, 'ip-c')
    expect(hit(rule, 'ip-c').allowed).toBe(true)
  })

  it('tells people how long to wait in whole minutes', () => {
    expect(tooManyAttemptsMessage(30)).toBe('Too many attempts. Please wait 1 minute and try again.')
    expect(tooManyAttemptsMessage(600)).toBe('Too many attempts. Please wait 10 minutes and try again.')
  })
})

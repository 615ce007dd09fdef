import type { Payload } from 'payload'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { hit, reset, tooManyAttemptsMessage } from './index'

const rule = { name: `test-${Math.random()}`, limit: 3, windowMs: 60_000 }

/** A Payload whose database refuses every query, as while PostgreSQL is away. */
function payloadWithDeadDatabase() {
  const failure = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
  const query = vi.fn(() => Promise.reject(failure))
  const warn = vi.fn()
  const payload = { db: { pool: { query } }, logger: { warn } } as unknown as Payload
  return { payload, query, warn }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('fixed-window rate limit', () => {
  it('allows `limit` attempts per key, then refuses until the window ends', async () => {
    vi.useFakeTimers({ now: 1_000_000 })
    const results = []
    for (let i = 0; i < 3; i++) results.push((await hit(null, rule, 'ip-a')).allowed)
    expect(results).toEqual([true, true, true])
    vi.setSystemTime(1_001_000)
    const refused = await hit(null, rule, 'ip-a')
    expect(refused.allowed).toBe(false)
    expect(refused.remaining).toBe(0)
    expect(refused.retryAfterSeconds).toBe(59)
    expect((await hit(null, rule, 'ip-b')).allowed).toBe(true) // other keys are unaffected
    vi.setSystemTime(1_060_000)
    expect((await hit(null, rule, 'ip-a')).allowed).toBe(true) // a new window starts afresh
  })

  it('reset clears a key', async () => {
    for (let i = 0; i < 4; i++) await hit(null, rule, 'ip-c')
    expect((await hit(null, rule, 'ip-c')).allowed).toBe(false)
    await reset(null, rule, 'ip-c')
    expect((await hit(null, rule, 'ip-c')).allowed).toBe(true)
  })

  it('a key too long for the table (a 1024-character name) is counted by its hash, still per key', async () => {
    const long = 'x'.repeat(1024)
    for (let i = 0; i < 3; i++) await hit(null, rule, long)
    expect((await hit(null, rule, long)).allowed).toBe(false)
    expect((await hit(null, rule, `${long}y`)).allowed).toBe(true)
  })

  it('tells people how long to wait in whole minutes', () => {
    expect(tooManyAttemptsMessage(30)).toBe('Too many attempts. Please wait 1 minute and try again.')
    expect(tooManyAttemptsMessage(600)).toBe('Too many attempts. Please wait 10 minutes and try again.')
  })
})

describe('when the database store fails', () => {
  it('the in-memory insurance of the same rule still limits, and the failure is logged', async () => {
    const { payload, query, warn } = payloadWithDeadDatabase()
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await hit(payload, rule, 'ip-outage')).allowed)
    expect(query).toHaveBeenCalled() // the shared store was asked first
    expect(statuses).toEqual([true, true, true, false, false])
    const refused = await hit(payload, rule, 'ip-outage')
    expect(refused.retryAfterSeconds).toBeGreaterThan(0)
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60)
    expect((await hit(payload, rule, 'ip-other')).allowed).toBe(true) // nobody else is locked out
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ event: 'rate_limit_store_failed' }), expect.any(String))
  })
})

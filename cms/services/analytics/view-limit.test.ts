import { describe, expect, it } from 'vitest'

import { createPageViewLimiter, pageViewLimits, storedPath } from './view-limit'

const limits = { perPath: 3, perClient: 30, windowMs: 60_000, maxKeys: 1000 }

describe('page view budgets per address range', () => {
  it('lets 3 views of one path through a minute, then none until the oldest is a minute old', () => {
    const limiter = createPageViewLimiter(limits)
    const t = 1_000_000
    const allowed = Array.from({ length: 200 }, (_, i) => limiter.allow('203.0.113.7', '/blog', t + i * 10))
    expect(allowed.filter(Boolean)).toHaveLength(3)
    expect(allowed.slice(0, 3)).toEqual([true, true, true])
    // Another address of the same /24 is the same client; another network is not.
    expect(limiter.allow('203.0.113.99', '/blog', t + 5000)).toBe(false)
    expect(limiter.allow('198.51.100.7', '/blog', t + 5000)).toBe(true)
    expect(limiter.allow('203.0.113.7', '/blog', t + 59_999)).toBe(false)
    expect(limiter.allow('203.0.113.7', '/blog', t + 60_000)).toBe(true)
  })

  it('holds every 60 seconds to the limit, across a minute’s edge too', () => {
    const limiter = createPageViewLimiter(limits)
    const times = [59_000, 59_500, 59_900, 60_100, 60_500, 118_999, 119_001]
    expect(times.map((at) => limiter.allow('203.0.113.7', '/', at))).toEqual([true, true, true, false, false, false, true])
  })

  it('counts 30 views of all paths together per minute, whatever the paths', () => {
    const limiter = createPageViewLimiter(limits)
    const allowed = Array.from({ length: 100 }, (_, i) => limiter.allow('2001:db8:abcd:1::1', `/post/p-${i}`, 1000 + i))
    expect(allowed.filter(Boolean)).toHaveLength(30)
    // Another /64 in the same /48 is the same range.
    expect(limiter.allow('2001:db8:abcd:ff::1', '/other', 2000)).toBe(false)
    expect(limiter.allow('2001:db8:abce::1', '/other', 2000)).toBe(true)
  })

  it('treats a trailing slash as the same path', () => {
    const limiter = createPageViewLimiter(limits)
    expect(['/blog', '/blog/', '/blog//', '/blog'].map((path) => limiter.allow('203.0.113.7', path, 1))).toEqual([true, true, true, false])
    expect(storedPath('/blog/')).toBe('/blog')
    expect(storedPath('/')).toBe('/')
    expect(storedPath('//')).toBe('/')
    expect(storedPath('/x'.repeat(400))).toHaveLength(500)
  })

  it('keeps at most maxKeys budgets, dropping the least recently used', () => {
    const limiter = createPageViewLimiter({ ...limits, maxKeys: 50 })
    for (let i = 0; i < 1000; i++) limiter.allow(`10.${i >> 8}.${i & 255}.1`, '/', i)
    expect(limiter.size()).toBeLessThanOrEqual(50)
  })

  it('reads its limits from the environment, falling back on bad values', () => {
    expect(pageViewLimits({})).toMatchObject({ perPath: 3, perClient: 30, windowMs: 60_000 })
    expect(pageViewLimits({ ANALYTICS_VIEWS_PER_PATH: '5', ANALYTICS_VIEWS_PER_CLIENT: '100' })).toMatchObject({ perPath: 5, perClient: 100 })
    expect(pageViewLimits({ ANALYTICS_VIEWS_PER_PATH: '0', ANALYTICS_VIEWS_PER_CLIENT: 'lots' })).toMatchObject({ perPath: 3, perClient: 30 })
  })
})

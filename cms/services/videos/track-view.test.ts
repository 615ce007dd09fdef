import { describe, expect, it } from 'vitest'

import type { User } from '../../payload-types'
import { hourBucket, viewerKey } from './track-view'

describe('hourBucket', () => {
  it('is the start of the UTC clock hour', () => {
    expect(hourBucket(new Date('2026-03-04T10:59:59.999Z')).toISOString()).toBe('2026-03-04T10:00:00.000Z')
    expect(hourBucket(new Date('2026-03-04T11:00:00.000Z')).toISOString()).toBe('2026-03-04T11:00:00.000Z')
  })
})

describe('viewerKey', () => {
  const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
  const now = new Date('2026-03-10T15:00:00Z')

  it('names a member by account, whatever client they use', () => {
    expect(viewerKey({ id: 12 } as User, { address: '203.0.113.7', userAgent: chrome }, now)).toBe('user:12')
    expect(viewerKey({ id: 12 } as User, null, now)).toBe('user:12')
  })

  it('names a visitor by address range and browser family, so a new cookie or agent version is not a new viewer', () => {
    const key = viewerKey(null, { address: '203.0.113.7', userAgent: chrome }, now)
    expect(key).toMatch(/^visitor:[0-9a-f]{32}$/)
    expect(key.length).toBeLessThanOrEqual(64)
    expect(viewerKey(null, { address: '203.0.113.80', userAgent: chrome.replace('131', '129') }, now)).toBe(key)
    expect(viewerKey(null, { address: '198.51.100.7', userAgent: chrome }, now)).not.toBe(key)
  })

  it('refuses a report with no viewer at all', () => {
    expect(() => viewerKey(null, null, now)).toThrow()
  })
})

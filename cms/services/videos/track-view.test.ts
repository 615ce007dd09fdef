import { describe, expect, it } from 'vitest'

import type { User } from '../../payload-types'
import { hourBucket, isVisitorId, viewerKey } from './track-view'

describe('hourBucket', () => {
  it('is the start of the UTC clock hour', () => {
    expect(hourBucket(new Date('2026-03-04T10:59:59.999Z')).toISOString()).toBe('2026-03-04T10:00:00.000Z')
    expect(hourBucket(new Date('2026-03-04T11:00:00.000Z')).toISOString()).toBe('2026-03-04T11:00:00.000Z')
  })
})

describe('viewerKey', () => {
  const id = '0b8a3c52-4f7e-4d2b-9a61-3e5f0c7d8e9f'
  it('names a member by account and a visitor by cookie', () => {
    expect(viewerKey({ id: 12 } as User, id)).toBe('user:12')
    expect(viewerKey(null, id)).toBe(`visitor:${id}`)
  })
  it('refuses a missing or forged visitor id', () => {
    expect(() => viewerKey(null, null)).toThrow()
    expect(() => viewerKey(null, "user:1'--")).toThrow()
    expect(isVisitorId(id.toUpperCase())).toBe(false)
    expect(isVisitorId(id)).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'

import { fromWallClock, toWallClock } from './site-time'

const NY = 'America/New_York'

describe('announcement times on the site clock', () => {
  it('9 PM on 1 December in New York is 02:00 UTC the next day (winter), and back', () => {
    expect(fromWallClock('2099-12-01T21:00', NY)).toBe('2099-12-02T02:00:00.000Z')
    expect(toWallClock('2099-12-02T02:00:00.000Z', NY)).toBe('2099-12-01T21:00')
  })

  it('summer time: 9 PM on 1 July is 01:00 UTC', () => {
    expect(fromWallClock('2099-07-01T21:00', NY)).toBe('2099-07-02T01:00:00.000Z')
    expect(toWallClock('2099-07-02T01:00:00.000Z', NY)).toBe('2099-07-01T21:00')
  })

  it('an hour skipped by the clock change moves forward; UTC is UTC', () => {
    expect(fromWallClock('2026-03-08T02:30', NY)).toBe('2026-03-08T07:30:00.000Z')
    expect(fromWallClock('2026-03-08T02:30', 'UTC')).toBe('2026-03-08T02:30:00.000Z')
  })

  it('empty and malformed values are no time', () => {
    expect(fromWallClock('', NY)).toBeNull()
    expect(fromWallClock('tomorrow', NY)).toBeNull()
    expect(toWallClock(null, NY)).toBe('')
    expect(toWallClock('nonsense', NY)).toBe('')
  })
})

import { describe, expect, it } from 'vitest'

import { addDays, dayIn, daysBetween, isTimeZone, localAsWallClock, mondayOf, monthOf, startOfDay, wallClockAsLocal } from './time-zones'

describe('calendar days in a time zone', () => {
  it('puts one instant on different days in different zones (across midnight)', () => {
    const instant = new Date('2026-03-01T03:30:00Z') // 22:30 on Feb 28 in New York, 12:30 on Mar 1 in Tokyo
    expect(dayIn(instant, 'America/New_York')).toBe('2026-02-28')
    expect(dayIn(instant, 'Asia/Tokyo')).toBe('2026-03-01')
    expect(dayIn(instant, 'UTC')).toBe('2026-03-01')
  })

  it('finds local midnight, including on the days DST starts and ends', () => {
    expect(startOfDay('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z')
    expect(startOfDay('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z')
    // 8 March 2026: clocks go forward at 02:00; midnight is still EST.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z')
    // 1 November 2026: clocks go back at 02:00; that day is 25 hours long.
    expect(startOfDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z')
    expect(startOfDay('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z')
    expect(startOfDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z')
  })

  it('does calendar arithmetic on day strings', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(daysBetween('2026-12-31', '2027-01-02')).toBe(2)
    expect(daysBetween('2026-03-08', '2026-03-09')).toBe(1)
    expect(mondayOf('2026-11-29')).toBe('2026-11-23') // a Sunday belongs to the week before
    expect(mondayOf('2026-11-23')).toBe('2026-11-23')
    expect(monthOf('2026-12-31')).toEqual({ first: '2026-12-01', next: '2027-01-01' })
  })

  it('knows real zone names only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
    expect(isTimeZone(42)).toBe(false)
  })

  it('gives the day Intl gives, second by second around DST changes and half-hour zones', () => {
    const zones = ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC']
    // New York springs forward on 2026-03-08 at 07:00 UTC; London falls back on 2026-10-25 at 01:00 UTC.
    const around = [Date.UTC(2026, 2, 8, 7, 0, 0), Date.UTC(2026, 9, 25, 1, 0, 0), Date.UTC(2026, 10, 25, 23, 59, 30)]
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      for (const centre of around) {
        for (let s = -90; s <= 90; s += 7) {
          const instant = new Date(centre + s * 1000 + 250)
          expect(dayIn(instant, timeZone)).toBe(intl.format(instant))
        }
      }
    }
  })
})

describe("a browser-clock date picker shown on a zone's clock", () => {
  it("gives the picker the zone's wall clock as local fields, whatever the process's own zone", () => {
    const local = wallClockAsLocal(new Date('2025-11-25T01:26:00Z'), 'America/New_York')
    expect([local.getFullYear(), local.getMonth() + 1, local.getDate(), local.getHours(), local.getMinutes()]).toEqual([2025, 11, 24, 20, 26])
    const tokyo = wallClockAsLocal(new Date('2025-11-25T01:26:00Z'), 'Asia/Tokyo')
    expect([tokyo.getDate(), tokyo.getHours()]).toEqual([25, 10])
  })

  it("reads what the picker gave as the zone's wall clock, across DST too", () => {
    expect(localAsWallClock(new Date(2025, 10, 24, 20, 26), 'America/New_York').toISOString()).toBe('2025-11-25T01:26:00.000Z')
    expect(localAsWallClock(new Date(2025, 6, 4, 9, 0), 'America/New_York').toISOString()).toBe('2025-07-04T13:00:00.000Z')
    const instant = new Date('2026-03-08T12:00:00Z')
    expect(localAsWallClock(wallClockAsLocal(instant, 'Europe/Berlin'), 'Europe/Berlin').toISOString()).toBe(instant.toISOString())
  })
})

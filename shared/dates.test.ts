import { describe, expect, it } from 'vitest'
import { ageOn, calendarDayAtNoonUtc, parseIsoDate, toIsoDate } from './dates'

const utc = (iso: string) => new Date(`${iso}T12:00:00Z`)

describe('ageOn', () => {
  it('turns 13 exactly on the 13th birthday, not the day before', () => {
    expect(ageOn('2010-06-15', utc('2023-06-14'))).toBe(12)
    expect(ageOn('2010-06-15', utc('2023-06-15'))).toBe(13)
    expect(ageOn('2010-06-15', utc('2023-06-16'))).toBe(13)
  })

  it('uses the UTC calendar day of "today"', () => {
    // 23:30 on the 14th in UTC is still the 14th, whatever the machine's zone.
    expect(ageOn('2010-06-15', new Date('2023-06-14T23:30:00Z'))).toBe(12)
    expect(ageOn('2010-06-15', new Date('2023-06-15T00:00:00Z'))).toBe(13)
  })

  it('reaches a 29 February birthday on 1 March in common years', () => {
    expect(ageOn('2008-02-29', utc('2021-02-28'))).toBe(12)
    expect(ageOn('2008-02-29', utc('2021-03-01'))).toBe(13)
  })

  it('reaches a 29 February birthday on the day in leap years', () => {
    expect(ageOn('2004-02-29', utc('2020-02-28'))).toBe(15)
    expect(ageOn('2004-02-29', utc('2020-02-29'))).toBe(16)
  })

  it('is NaN for a date that does not exist', () => {
    expect(ageOn('2009-02-29', utc('2024-01-01'))).toBeNaN()
    expect(ageOn('not a date', utc('2024-01-01'))).toBeNaN()
  })
})

describe('parseIsoDate', () => {
  it('accepts real days only', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 })
    expect(parseIsoDate('2023-02-29')).toBeNull()
    expect(parseIsoDate('2023-04-31')).toBeNull()
    expect(parseIsoDate('2023-13-01')).toBeNull()
    expect(parseIsoDate('2023-1-01')).toBeNull()
  })

  it('round-trips with toIsoDate', () => {
    expect(toIsoDate(new Date('2025-03-05T23:59:59Z'))).toBe('2025-03-05')
  })
})

describe('calendarDayAtNoonUtc', () => {
  it('stores a calendar day at noon UTC, whether written as a day or as an instant of that UTC day', () => {
    for (const value of ['2000-05-10', '2000-05-10T00:00:00.000Z', '2000-05-10T12:00:00.000Z', '2000-05-10T23:59:59.999Z', new Date('2000-05-10T03:00:00Z')]) {
      expect(calendarDayAtNoonUtc(value), String(value)).toBe('2000-05-10T12:00:00.000Z')
    }
  })

  it("is what Payload's day picker writes for the day picked on any browser clock from UTC-12 to UTC+14", () => {
    // The picker sets a picked local day to 12:00 minus the browser's offset: noon UTC of that day.
    expect(calendarDayAtNoonUtc('2000-05-10T12:00:00.000Z')).toBe('2000-05-10T12:00:00.000Z')
  })

  it('leaves nothing as nothing and refuses what is not a date', () => {
    expect(calendarDayAtNoonUtc(null)).toBeNull()
    expect(calendarDayAtNoonUtc('')).toBeNull()
    expect(calendarDayAtNoonUtc('not a date')).toBeNull()
  })
})

// Calendar-date helpers for 'YYYY-MM-DD' strings (dates of birth). Pure; no time zones beyond UTC.

export interface CalendarDate {
  year: number
  month: number // 1..12
  day: number // 1..31
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Parses a strict 'YYYY-MM-DD' that names a real calendar day (rejects 2023-02-29, 2024-13-01). */
export function parseIsoDate(value: string): CalendarDate | null {
  const m = ISO_DATE.exec(value)
  if (!m) return null
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** The UTC calendar day of an instant. */
export function utcCalendarDate(instant: Date): CalendarDate {
  return { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() }
}

/** 'YYYY-MM-DD' of an instant's UTC day; handy as the `max` of a date input. */
export function toIsoDate(instant: Date): string {
  const { year, month, day } = utcCalendarDate(instant)
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day
}

/**
 * Completed years between a 'YYYY-MM-DD' birth date and `today`'s UTC calendar day.
 * A 29 February birthday is reached on 1 March in common years (the later, stricter reading,
 * which is what an age gate should use). Returns NaN for an unparseable date of birth and a
 * negative number for a birth date after `today`.
 */
export function ageOn(dateOfBirth: string, today: Date): number {
  const birth = parseIsoDate(dateOfBirth)
  if (!birth || Number.isNaN(today.getTime())) return Number.NaN
  const now = utcCalendarDate(today)
  let age = now.year - birth.year
  const hadBirthdayThisYear = now.month > birth.month || (now.month === birth.month && now.day >= birth.day)
  if (!hadBirthdayThisYear) age -= 1
  return age
}

/**
 * A date-only value (a date of birth) as the instant it is stored as: noon UTC of its calendar day,
 * Payload's own convention for day-only pickers. Noon keeps the day in every zone from UTC−12 to
 * UTC+11, so /cms, which shows dates on the admin's browser clock, reads the day that was typed
 * (midnight UTC read one day early anywhere west of Greenwich). Accepts 'YYYY-MM-DD' or any
 * instant (its UTC day); null for nothing or an unreadable value.
 */
export function calendarDayAtNoonUtc(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  const day = typeof value === 'string' && parseIsoDate(value) ? value : null
  const instant = day ? new Date(`${day}T00:00:00.000Z`) : new Date(value as string | number | Date)
  if (Number.isNaN(instant.getTime())) return null
  return `${toIsoDate(instant)}T12:00:00.000Z`
}

// Calendar days and periods in a named IANA time zone, without a date library (Intl does the zone rules).

/** A calendar day as 'YYYY-MM-DD'. */
export type DayString = string

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** Whether `timeZone` is a zone name this runtime knows ('Europe/Berlin', 'UTC'). */
export function isTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false
  try {
    formatter(timeZone)
    return true
  } catch {
    return false
  }
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number }

function formattedParts(instant: Date, timeZone: string): Parts {
  const parts: Record<string, number> = {}
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! }
}

/**
 * Zone offsets per zone and UTC minute, remembered: formatToParts costs tens of microseconds and
 * every request that asks for a day or a period calls this (the boards, caps, the login bonus).
 * Offsets change only on whole minutes in every zone since 1972, so one lookup per minute is exact.
 */
const offsets = new Map<string, number>()
const MAX_REMEMBERED_OFFSETS = 2048

function partsIn(instant: Date, timeZone: string): Parts {
  const ms = instant.getTime()
  if (!Number.isFinite(ms)) return formattedParts(instant, timeZone)
  const minute = Math.floor(ms / 60_000) * 60_000
  const key = `${timeZone}|${minute}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    const p = formattedParts(new Date(minute), timeZone)
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - minute
    if (offsets.size >= MAX_REMEMBERED_OFFSETS) offsets.clear()
    offsets.set(key, offset)
  }
  const local = new Date(Math.floor(ms / 1000) * 1000 + offset)
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  }
}

/** The zone's offset from UTC at `instant`, in milliseconds (New York in winter: -5 h). */
function offsetMs(instant: Date, timeZone: string): number {
  const p = partsIn(instant, timeZone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The calendar day `instant` falls on in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): DayString {
  const p = partsIn(instant, timeZone)
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`
}

const parseDay = (day: DayString) => {
  const [y, m, d] = day.split('-').map(Number)
  return { y: y!, m: m!, d: d! }
}

/** `day` plus `days` calendar days. */
export function addDays(day: DayString, days: number): DayString {
  const { y, m, d } = parseDay(day)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DayString, to: DayString): number {
  const a = parseDay(from)
  const b = parseDay(to)
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000)
}

/** The instant `day` begins in `timeZone` (its local midnight; on a DST day the offset of that moment). */
export function startOfDay(day: DayString, timeZone: string): Date {
  const { y, m, d } = parseDay(day)
  return instantOfWallClock(Date.UTC(y, m - 1, d), timeZone)
}

/** The instant `timeZone`'s clocks read `wallClock` (its fields written as a UTC time value). */
function instantOfWallClock(wallClock: number, timeZone: string): Date {
  let guess = wallClock - offsetMs(new Date(wallClock), timeZone)
  // Twice: the first guess used the offset at the wall clock read as UTC, which may differ across a DST change.
  guess = wallClock - offsetMs(new Date(guess), timeZone)
  return new Date(guess)
}

/**
 * For a date picker that draws on the browser's own clock (Payload's, in /cms): the Date whose
 * local fields are what `timeZone`'s clocks read at `instant`, so the picker shows the zone's time.
 */
export function wallClockAsLocal(instant: Date, timeZone: string): Date {
  const p = partsIn(instant, timeZone)
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
}

/** The reverse of wallClockAsLocal: what such a picker gave (its local fields) read on `timeZone`'s clocks. */
export function localAsWallClock(local: Date, timeZone: string): Date {
  const wallClock = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes(), local.getSeconds())
  return instantOfWallClock(wallClock, timeZone)
}

/** Monday of the ISO week `day` falls in. */
export function mondayOf(day: DayString): DayString {
  const { y, m, d } = parseDay(day)
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7))
}

/** The first day of the month `day` falls in, and of the next month. */
export function monthOf(day: DayString): { first: DayString; next: DayString } {
  const { y, m } = parseDay(day)
  return { first: `${pad(y, 4)}-${pad(m)}-01`, next: new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10) }
}

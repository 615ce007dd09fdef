// Key moments of a video: `{ timestamp, description }` rows edited in /cms (SPEC §3, Videos).
// The rules the CMS form shows and the server enforces (cms/fields/key-moments.ts), in one place.
import { formatSeconds, parseIsoDuration } from './format'

export const KEY_MOMENT_DESCRIPTION_MAX = 300

export const KEY_MOMENT_MESSAGES = {
  format: 'Write the time as m:ss or h:mm:ss, e.g. 1:23 or 1:02:03',
  beyondEnd: (duration: string) => `This is past the end of the video (${duration})`,
  notAfter: (previous: string) => `Must come after the moment above (${previous}): list moments in time order`,
} as const

const MINUTES_SECONDS = /^(\d{1,2}):([0-5]\d)$/
const HOURS_MINUTES_SECONDS = /^(\d+):([0-5]\d):([0-5]\d)$/

/**
 * A key moment's time in seconds: '1:23' → 83, '1:02:03' → 3723; null unless it is exactly m:ss
 * (minutes 0–59) or h:mm:ss. An hour or more is written with the hour ('1:05:00', not '65:00').
 */
export function keyMomentSeconds(timestamp: string): number | null {
  const s = timestamp.trim()
  const short = MINUTES_SECONDS.exec(s)
  if (short) return Number(short[1]) > 59 ? null : Number(short[1]) * 60 + Number(short[2])
  const long = HOURS_MINUTES_SECONDS.exec(s)
  if (long) return Number(long[1]) * 3600 + Number(long[2]) * 60 + Number(long[3])
  return null
}

type Row = { timestamp?: unknown } | null | undefined

/**
 * The problem with row `index`'s timestamp, or null: its format, then that it starts before the
 * video ends (when the duration is known), then that it comes after the row above (when that one
 * reads as a time). Each row answers for itself, so the form marks the row to fix.
 */
export function keyMomentTimestampError(rows: readonly Row[], index: number, duration: string | null | undefined): string | null {
  const own = rows[index]?.timestamp
  const seconds = typeof own === 'string' ? keyMomentSeconds(own) : null
  if (seconds === null) return KEY_MOMENT_MESSAGES.format
  const total = typeof duration === 'string' && duration ? parseIsoDuration(duration) : null
  if (total !== null && seconds >= total) return KEY_MOMENT_MESSAGES.beyondEnd(formatSeconds(total))
  const above = rows[index - 1]?.timestamp
  const previous = index > 0 && typeof above === 'string' ? keyMomentSeconds(above) : null
  if (previous !== null && seconds <= previous) return KEY_MOMENT_MESSAGES.notAfter(String(above).trim())
  return null
}

/** Every row's problem, for a whole list (null when all rows are fine). */
export function keyMomentErrors(rows: readonly Row[], duration: string | null | undefined): (string | null)[] | null {
  const errors = rows.map((_, i) => keyMomentTimestampError(rows, i, duration))
  return errors.some(Boolean) ? errors : null
}

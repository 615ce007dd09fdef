// GET /api/admin/analytics query string: the date range the dashboard shows (site days, inclusive).
import { z } from '../zod'
import { addDays, daysBetween, type DayString } from '../time-zones'

export const ANALYTICS_DEFAULT_DAYS = 30
/** A year and a day: a leap year's full range, no more (the rollups hold that much comfortably). */
export const ANALYTICS_MAX_DAYS = 366

export const RANGE_DAYS_INVALID = `days must be a whole number from 1 to ${ANALYTICS_MAX_DAYS}`
export const RANGE_DATE_INVALID = 'from and to must be dates written YYYY-MM-DD'
export const RANGE_BOTH_NEEDED = 'from and to go together: give both, or neither'
export const RANGE_ORDER_INVALID = 'from must not be after to'
export const RANGE_TOO_LONG = `A range may span at most ${ANALYTICS_MAX_DAYS} days`
export const RANGE_EITHER = 'Give either days or from and to, not both'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isDayString(value: unknown): value is DayString {
  if (typeof value !== 'string' || !DAY.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '2000-01-01'
}

const dayField = z.string().trim().refine(isDayString, { error: RANGE_DATE_INVALID })

/**
 * `?days=N` (the last N days up to today), or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (inclusive, site
 * days), or nothing (the last 30 days). Other parameters are ignored.
 */
export const analyticsRangeQuerySchema = z
  .object({
    days: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, { error: RANGE_DAYS_INVALID })
      .transform(Number)
      .refine((n) => n >= 1 && n <= ANALYTICS_MAX_DAYS, { error: RANGE_DAYS_INVALID })
      .optional(),
    from: dayField.optional(),
    to: dayField.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.days !== undefined && (q.from !== undefined || q.to !== undefined)) ctx.addIssue({ code: 'custom', message: RANGE_EITHER })
    else if ((q.from === undefined) !== (q.to === undefined)) ctx.addIssue({ code: 'custom', message: RANGE_BOTH_NEEDED })
    else if (q.from && q.to) {
      if (q.from > q.to) ctx.addIssue({ code: 'custom', message: RANGE_ORDER_INVALID, path: ['from'] })
      else if (daysBetween(q.from, q.to) + 1 > ANALYTICS_MAX_DAYS) ctx.addIssue({ code: 'custom', message: RANGE_TOO_LONG, path: ['to'] })
    }
  })

export type AnalyticsRangeQuery = z.output<typeof analyticsRangeQuerySchema>

/** A resolved range: first and last site day (inclusive) and how many days that is. */
export type DayRange = { from: DayString; to: DayString; days: number }

/** The days a parsed query stands for, `today` being the site's current day. */
export function resolveRange(query: AnalyticsRangeQuery, today: DayString): DayRange {
  if (query.from && query.to) return { from: query.from, to: query.to, days: daysBetween(query.from, query.to) + 1 }
  const days = query.days ?? ANALYTICS_DEFAULT_DAYS
  return { from: addDays(today, -(days - 1)), to: today, days }
}

/** Every day of a range, in order. */
export function daysOf(range: Pick<DayRange, 'from' | 'to'>): DayString[] {
  const out: DayString[] = []
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) out.push(day)
  return out
}

export const ANALYTICS_ITEM_KINDS = ['video', 'post'] as const
export const ANALYTICS_ITEM_UNKNOWN = 'Analytics are kept per video (/video/…) and per post (/post/…).'
export const ANALYTICS_ITEM_ID_INVALID = 'That is not a video id or post address.'

/** /api/admin/analytics/{video|post}/{id}: which item (a video id or a post slug, one path segment). */
export const analyticsItemParamsSchema = z.object({
  kind: z.enum(ANALYTICS_ITEM_KINDS, { error: ANALYTICS_ITEM_UNKNOWN }),
  id: z
    .string({ error: ANALYTICS_ITEM_ID_INVALID })
    .min(1, { error: ANALYTICS_ITEM_ID_INVALID })
    .max(200, { error: ANALYTICS_ITEM_ID_INVALID })
    .refine((id) => !/[/\s]/.test(id), { error: ANALYTICS_ITEM_ID_INVALID }),
})

// The dashboard's date range: a preset number of days or a custom from–to, as the query key's
// parameters of GET /api/admin/analytics (SPEC §7: the object becomes the query string).
import { formatDate } from '../../../../shared/format'
import { ANALYTICS_DEFAULT_DAYS, analyticsRangeQuerySchema } from '../../../../shared/schemas/analytics'

export type RangeChoice = { days: number } | { from: string; to: string }

export const RANGE_PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
] as const

export const DEFAULT_RANGE: RangeChoice = { days: ANALYTICS_DEFAULT_DAYS }

export const ANALYTICS_KEY = '/api/admin/analytics'
export const USER_COUNT_KEY = ['/api/admin/user-count'] as const
export const VIDEO_STATS_KEY = ['/api/admin/video-stats'] as const
export const analyticsQueryKey = (range: RangeChoice) => [ANALYTICS_KEY, range] as const

/** A custom range as typed, checked with the server's own schema: the range, or the reason it is refused. */
export function parseCustomRange(from: string, to: string): { range: RangeChoice } | { error: string } {
  const result = analyticsRangeQuerySchema.safeParse({ from: from || undefined, to: to || undefined })
  if (!result.success) return { error: result.error.issues[0]?.message ?? 'Choose a start and an end date.' }
  if (!result.data.from || !result.data.to) return { error: 'Choose a start and an end date.' }
  return { range: { from: result.data.from, to: result.data.to } }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** 'YYYY-MM-DD' → 'Mar 4' (a site day as a label; no time zone arithmetic involved). */
export function shortDay(day: string): string {
  const [, m, d] = day.split('-').map(Number)
  return m && d ? `${MONTHS[m - 1]} ${d}` : day
}

/** 'YYYY-MM-DD' (a site day) → 'Mar 04, 2026': the date format of every other screen. */
export function longDay(day: string): string {
  try {
    return formatDate(day)
  } catch {
    return day
  }
}

export const REALTIME_KEY = ['/api/admin/analytics/realtime'] as const
/** "Right now" refreshes this often (ours; the spec has no realtime panel). */
export const REALTIME_REFRESH_MS = 15_000
/** GET /api/admin/analytics/{video|post}/{id} with the range as its query string. */
export const itemAnalyticsQueryKey = (kind: 'video' | 'post', id: string, range: RangeChoice) => [`/api/admin/analytics/${kind}/${encodeURIComponent(id)}`, range] as const

// The time the points service runs on, and the leaderboard periods (site time zone, weeks from Monday).
import type { LeaderboardPeriod } from '../../../shared/constants'
import { addDays, dayIn, isTimeZone, mondayOf, monthOf, startOfDay } from '../../../shared/time-zones'
import { siteTimeZone } from '../settings/time-zone'

/** Every service function takes `now`; this is its default, so tests pass a fixed clock instead. */
export const systemClock = (): Date => new Date()

/** A member's stored zone (the browser's, PUT /api/user/time-zone) if valid, else the site's. Not for points days. */
export const memberTimeZone = (timeZone: string | null | undefined): string => (isTimeZone(timeZone) ? timeZone : siteTimeZone())

/**
 * The zone every points day is counted in (login bonus, caps, streak, once-a-day keys): the site's,
 * for every member. A member's own zone would let a zone change open a second day within minutes
 * (README.md, "points day").
 */
export const pointsTimeZone = (): string => siteTimeZone()

/** all_time is one period that starts at the epoch and never ends. */
export const ALL_TIME_START = new Date(0)

export type PeriodBounds = { period: LeaderboardPeriod; start: Date; end: Date | null }

/** The period of `period` that `now` falls in, in the site's time zone (the setting, cms/services/settings). */
export function periodBounds(period: LeaderboardPeriod, now: Date, timeZone: string = siteTimeZone()): PeriodBounds {
  const day = dayIn(now, timeZone)
  switch (period) {
    case 'daily':
      return { period, start: startOfDay(day, timeZone), end: startOfDay(addDays(day, 1), timeZone) }
    case 'weekly': {
      const monday = mondayOf(day)
      return { period, start: startOfDay(monday, timeZone), end: startOfDay(addDays(monday, 7), timeZone) }
    }
    case 'monthly': {
      const { first, next } = monthOf(day)
      return { period, start: startOfDay(first, timeZone), end: startOfDay(next, timeZone) }
    }
    case 'all_time':
      return { period, start: ALL_TIME_START, end: null }
  }
}

export const allPeriodBounds = (now: Date): PeriodBounds[] =>
  (['daily', 'weekly', 'monthly', 'all_time'] as const).map((period) => periodBounds(period, now))

// Streaks: consecutive points days (the site's time zone) with at least one award; freezes cover missed days.
import { DAILY_STREAK_MIN_DAYS, STREAK_FREEZE_EVERY_DAYS, STREAK_FREEZES_MAX } from '../../../shared/points'
import { daysBetween, type DayString } from '../../../shared/time-zones'

export type StreakState = { streak: number; freezes: number; lastDay: DayString | null }

export type StreakStep = StreakState & {
  /** A new day counted (the first award of `today`). */
  counted: boolean
  freezesSpent: number
  freezeEarned: boolean
  /** daily_streak pays today. */
  paysDailyStreak: boolean
}

/**
 * The streak after an award on `today`. Same day: unchanged. The next day: +1. A gap of k missed
 * days is bridged when k freezes are held (they are spent); otherwise the streak restarts at 1.
 * Every 7th day earns a freeze, up to 2 held. A clock that went back (today before lastDay) changes nothing.
 */
export function advanceStreak(state: StreakState, today: DayString): StreakStep {
  const unchanged = { ...state, counted: false, freezesSpent: 0, freezeEarned: false, paysDailyStreak: false }
  if (state.lastDay !== null && daysBetween(state.lastDay, today) <= 0) return unchanged
  let streak = 1
  let freezes = state.freezes
  let freezesSpent = 0
  if (state.lastDay !== null && state.streak > 0) {
    const missed = daysBetween(state.lastDay, today) - 1
    if (missed === 0) streak = state.streak + 1
    else if (missed <= freezes) {
      freezesSpent = missed
      freezes -= missed
      streak = state.streak + 1
    }
  }
  const freezeEarned = streak % STREAK_FREEZE_EVERY_DAYS === 0 && freezes < STREAK_FREEZES_MAX
  if (freezeEarned) freezes += 1
  return { streak, freezes, lastDay: today, counted: true, freezesSpent, freezeEarned, paysDailyStreak: streak >= DAILY_STREAK_MIN_DAYS }
}

/** The streak to show on `today` without an award: kept while the missed days since the last one can still be bridged. */
export function currentStreak(state: StreakState, today: DayString): number {
  if (state.lastDay === null || state.streak <= 0) return 0
  const missed = daysBetween(state.lastDay, today) - 1
  return missed <= state.freezes ? state.streak : 0
}

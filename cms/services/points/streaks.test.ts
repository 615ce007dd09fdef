import { describe, expect, it } from 'vitest'

import { dayIn } from '../../../shared/time-zones'
import { advanceStreak, currentStreak, type StreakState } from './streaks'

const start: StreakState = { streak: 0, freezes: 0, lastDay: null }

/** Awards on each of `days` in order, from `state`. */
const run = (days: string[], state: StreakState = start) => days.reduce((s, day) => advanceStreak(s, day), state)

describe('streaks', () => {
  it('starts at 1, grows by a day, ignores a second award the same day', () => {
    const first = advanceStreak(start, '2026-11-20')
    expect(first).toMatchObject({ streak: 1, counted: true, paysDailyStreak: false })
    const again = advanceStreak(first, '2026-11-20')
    expect(again).toMatchObject({ streak: 1, counted: false, paysDailyStreak: false })
    const next = advanceStreak(first, '2026-11-21')
    expect(next).toMatchObject({ streak: 2, counted: true, paysDailyStreak: true })
  })

  it('restarts after a missed day without freezes; a clock going back changes nothing', () => {
    const two = run(['2026-11-20', '2026-11-21'])
    expect(advanceStreak(two, '2026-11-23')).toMatchObject({ streak: 1, freezesSpent: 0 })
    expect(advanceStreak(two, '2026-11-19')).toMatchObject({ streak: 2, counted: false })
  })

  it('counts days across midnight in the zone the days are taken in', () => {
    // 23:50 and 00:10 New York time: two days there, one day in UTC (both after 04:00 UTC).
    const late = new Date('2026-11-21T04:50:00Z')
    const early = new Date('2026-11-21T05:10:00Z')
    const ny = run([dayIn(late, 'America/New_York'), dayIn(early, 'America/New_York')])
    expect(ny.streak).toBe(2)
    const utc = run([dayIn(late, 'UTC'), dayIn(early, 'UTC')])
    expect(utc.streak).toBe(1)
  })

  it('counts the day DST ends (25 hours) and the day it starts (23 hours) as one day each', () => {
    const tz = 'America/New_York'
    const days = ['2026-10-31T23:00:00-04:00', '2026-11-01T23:30:00-05:00', '2026-11-02T00:30:00-05:00'].map((t) => dayIn(new Date(t), tz))
    expect(days).toEqual(['2026-10-31', '2026-11-01', '2026-11-02'])
    expect(run(days).streak).toBe(3)
    const spring = ['2026-03-07T12:00:00-05:00', '2026-03-08T23:59:00-04:00', '2026-03-09T00:01:00-04:00'].map((t) => dayIn(new Date(t), tz))
    expect(run(spring).streak).toBe(3)
  })

  it('earns a freeze every 7th day (at most 2) and spends them on missed days', () => {
    const days = Array.from({ length: 14 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`)
    const seven = run(days.slice(0, 7))
    expect(seven).toMatchObject({ streak: 7, freezes: 1, freezeEarned: true })
    const fourteen = run(days)
    expect(fourteen).toMatchObject({ streak: 14, freezes: 2 })
    const twentyOne = run(Array.from({ length: 7 }, (_, i) => `2026-11-${15 + i}`), fourteen)
    expect(twentyOne).toMatchObject({ streak: 21, freezes: 2, freezeEarned: false })
    // Two missed days (22nd, 23rd) are bridged by the two freezes.
    const bridged = advanceStreak(twentyOne, '2026-11-24')
    expect(bridged).toMatchObject({ streak: 22, freezes: 0, freezesSpent: 2, paysDailyStreak: true })
    // Three missed days with one freeze: the streak restarts and the freeze is kept.
    const oneFreeze = { streak: 9, freezes: 1, lastDay: '2026-11-10' }
    expect(advanceStreak(oneFreeze, '2026-11-14')).toMatchObject({ streak: 1, freezes: 1, freezesSpent: 0 })
  })

  it('shows a streak only while it can still be kept', () => {
    const state = { streak: 5, freezes: 1, lastDay: '2026-11-20' }
    expect(currentStreak(state, '2026-11-20')).toBe(5)
    expect(currentStreak(state, '2026-11-21')).toBe(5)
    expect(currentStreak(state, '2026-11-22')).toBe(5) // one missed day, one freeze
    expect(currentStreak(state, '2026-11-23')).toBe(0)
    expect(currentStreak(start, '2026-11-23')).toBe(0)
  })
})

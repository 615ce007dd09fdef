import { describe, expect, it } from 'vitest'

import { activityTypesOf, measureAchievement, type MemberFacts } from './achievement-rules'
import { periodBounds } from './clock'
import { awardKeys } from './keys'
import { levelAfter } from './levels'

const facts: MemberFacts = { activityCounts: { comment_post: 9, video_watch: 1 }, streak: 6, level: 4, totalPointsEarned: 480, memberNumber: 120 }

describe('achievement rules', () => {
  it('measures counts, streaks, levels, points and member numbers', () => {
    expect(measureAchievement({ metric: 'activity_count', activityType: 'comment_post', targetCount: 10 }, facts)).toEqual({ progress: 9, met: false })
    expect(measureAchievement({ metric: 'activity_count', activityType: 'comment_post', targetCount: 10 }, { ...facts, activityCounts: { comment_post: 10 } }).met).toBe(true)
    expect(measureAchievement({ metric: 'streak', targetCount: 7 }, facts)).toEqual({ progress: 6, met: false })
    expect(measureAchievement({ metric: 'level', targetCount: 4 }, facts).met).toBe(true)
    expect(measureAchievement({ metric: 'total_points', pointsRequired: 500 }, facts)).toEqual({ progress: 480, met: false })
    expect(measureAchievement({ metric: 'member_number', targetCount: 100 }, facts).met).toBe(false)
    expect(measureAchievement({ metric: 'member_number', targetCount: 100 }, { ...facts, memberNumber: 100 }).met).toBe(true)
    expect(measureAchievement({ metric: 'activity_count', activityType: null, targetCount: 1 }, facts).met).toBe(false)
  })

  it('asks only for the activity counts pending rules need', () => {
    expect(activityTypesOf([{ metric: 'activity_count', activityType: 'comment_post' }, { metric: 'streak' }, { metric: 'activity_count', activityType: 'comment_post' }])).toEqual(['comment_post'])
  })
})

describe('levels never drop', () => {
  const levels = [
    { level: 1, pointsRequired: 0 },
    { level: 2, pointsRequired: 100 },
  ]
  it('follows points up, keeps a level after a take-back', () => {
    expect(levelAfter(1, 100, levels)).toBe(2)
    expect(levelAfter(2, 40, levels)).toBe(2)
  })
})

describe('leaderboard periods (site time zone, New York)', () => {
  it('daily, weekly from Monday, monthly and all-time around midnight', () => {
    const sundayNight = new Date('2026-11-30T04:59:59Z') // Sunday 29 Nov 23:59:59 EST
    const mondayMorning = new Date('2026-11-30T05:00:00Z') // Monday 30 Nov 00:00 EST
    expect(periodBounds('daily', sundayNight).start.toISOString()).toBe('2026-11-29T05:00:00.000Z')
    expect(periodBounds('weekly', sundayNight).start.toISOString()).toBe('2026-11-23T05:00:00.000Z')
    expect(periodBounds('weekly', mondayMorning)).toMatchObject({ start: new Date('2026-11-30T05:00:00Z'), end: new Date('2026-12-07T05:00:00Z') })
    expect(periodBounds('monthly', sundayNight).start.toISOString()).toBe('2026-11-01T04:00:00.000Z') // 1 Nov was still EDT
    expect(periodBounds('monthly', new Date('2026-12-01T04:59:00Z')).start.toISOString()).toBe('2026-11-01T04:00:00.000Z')
    expect(periodBounds('monthly', new Date('2026-12-01T05:00:00Z')).start.toISOString()).toBe('2026-12-01T05:00:00.000Z')
    expect(periodBounds('all_time', mondayMorning)).toEqual({ period: 'all_time', start: new Date(0), end: null })
  })

  it('a week that contains the DST change is 7 calendar days (169 hours)', () => {
    const { start, end } = periodBounds('weekly', new Date('2026-11-01T12:00:00Z'))
    expect(start.toISOString()).toBe('2026-10-26T04:00:00.000Z')
    expect(end!.toISOString()).toBe('2026-11-02T05:00:00.000Z')
  })
})

describe('idempotency keys', () => {
  it('are distinct per member, item and day', () => {
    expect(awardKeys.login(1, '2026-11-25')).not.toBe(awardKeys.login(1, '2026-11-26'))
    expect(awardKeys.videoWatch(1, 2, '2026-11-25')).not.toBe(awardKeys.videoWatch(2, 2, '2026-11-25'))
    expect(awardKeys.revoke(awardKeys.comment(5))).toBe('revoke:comment_post:comment:5')
  })
})

describe('rank from a snapshot of the board', () => {
  it('counts who is ahead: more points, then reached first, then lower id', async () => {
    const { countAhead } = await import('./ranks')
    const board = [
      { points: 50, reachedAt: 1, userId: 7 },
      { points: 30, reachedAt: 1, userId: 3 },
      { points: 30, reachedAt: 2, userId: 1 },
      { points: 30, reachedAt: 2, userId: 4 },
      { points: 10, reachedAt: 9, userId: 2 },
    ]
    const snapshot = {
      points: Float64Array.from(board.map((e) => e.points)),
      reachedAt: Float64Array.from(board.map((e) => e.reachedAt)),
      userId: Int32Array.from(board.map((e) => e.userId)),
    }
    board.forEach((entry, i) => expect(countAhead(snapshot, entry)).toBe(i))
    expect(countAhead(snapshot, { points: 60, reachedAt: 5, userId: 9 })).toBe(0)
    expect(countAhead(snapshot, { points: 30, reachedAt: 2, userId: 2 })).toBe(3)
    expect(countAhead(snapshot, { points: 5, reachedAt: 0, userId: 1 })).toBe(5)
  })
})

import { describe, expect, it } from 'vitest'

import { planAward, type MemberState, type PendingAchievement } from './award-plan'

const achievement = (id: number, rule: Partial<PendingAchievement>): PendingAchievement => ({
  id,
  name: `a${id}`,
  title: `A${id}`,
  description: '',
  icon: null,
  color: null,
  rarity: 'common',
  category: 'engagement',
  metric: 'activity_count',
  activityType: null,
  targetCount: 1,
  pointsRequired: null,
  progress: 0,
  ...rule,
})

const member = (over: Partial<MemberState> = {}): MemberState => ({
  id: 7,
  points: 80,
  totalPointsEarned: 80,
  level: 1,
  streak: 1,
  streakFreezes: 0,
  lastStreakDay: '2026-11-25',
  memberNumber: 500,
  pending: [],
  activityCounts: {},
  levels: [
    { level: 1, pointsRequired: 0 },
    { level: 2, pointsRequired: 100 },
    { level: 3, pointsRequired: 250 },
  ],
  ...over,
})

const comment = { activityType: 'comment_post' as const, points: 15, description: 'Commented', idempotencyKey: 'comment_post:comment:1' }

describe('planAward', () => {
  it('chains rounds: an unlock pays 30, which crosses a level, which unlocks the level achievement', () => {
    const plan = planAward(
      member({
        pending: [achievement(1, { activityType: 'comment_post', targetCount: 1 }), achievement(2, { metric: 'level', targetCount: 2 }), achievement(3, { activityType: 'comment_post', targetCount: 10, progress: 4 })],
        activityCounts: { comment_post: 4 },
      }),
      comment,
      '2026-11-25',
    )
    // 80 + 15 = 95 (level 1) → first achievement pays 30 → 125 (level 2) → the level achievement pays 30.
    expect(plan.rows.map((r) => r.activityType)).toEqual(['comment_post', 'achievement_unlock', 'level_up', 'achievement_unlock'])
    expect(plan.rows.reduce((sum, r) => sum + r.points, 0)).toBe(75)
    expect(plan).toMatchObject({ level: 2, levelUp: true })
    expect(plan.unlocked.map((a) => a.id)).toEqual([1, 2])
    expect(plan.progress).toEqual([
      { achievementId: 1, progress: 5, met: true },
      { achievementId: 2, progress: 2, met: true },
      { achievementId: 3, progress: 5, met: false },
    ])
  })

  it('writes no progress that did not move, and pays daily_streak on a new day from the second on', () => {
    const plan = planAward(member({ pending: [achievement(4, { metric: 'streak', targetCount: 7, progress: 2 })] }), comment, '2026-11-26')
    expect(plan.rows.map((r) => [r.activityType, r.idempotencyKey])).toEqual([
      ['comment_post', 'comment_post:comment:1'],
      ['daily_streak', 'daily_streak:7:2026-11-26'],
      ['level_up', 'level_up:7:2'], // 80 + 15 + 50 crosses 100
    ])
    expect(plan.streak).toMatchObject({ streak: 2, counted: true })
    expect(plan.progress).toEqual([])
    const sameDay = planAward(member({ pending: [achievement(4, { metric: 'streak', targetCount: 7, progress: 1 })] }), comment, '2026-11-25')
    expect(sameDay.rows).toHaveLength(1)
    expect(sameDay.progress).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'

import { pointsStore, reportAward, toAnimation } from './points-store'

const award = (over: Partial<Parameters<typeof toAnimation>[0] & object> = {}) => ({
  pointsAwarded: 15,
  levelUp: false,
  newLevel: null,
  achievementUnlocked: null,
  ...over,
})

describe('toAnimation (SPEC §4 animation data)', () => {
  it('is nothing for no award or 0 points (a repeat)', () => {
    expect(toAnimation(undefined, { activityType: 'comment_post' })).toBeNull()
    expect(toAnimation(award({ pointsAwarded: 0 }), { activityType: 'comment_post' })).toBeNull()
  })
  it('keeps video_watch and video_complete as activity types, everything else is other', () => {
    expect(toAnimation(award(), { activityType: 'video_watch' })?.activityType).toBe('video_watch')
    expect(toAnimation(award(), { activityType: 'video_complete' })?.activityType).toBe('video_complete')
    expect(toAnimation(award(), { activityType: 'comment_post' })?.activityType).toBe('other')
  })
  it('carries the new level only with a level-up, and the achievement', () => {
    const achievement = { id: 1, name: 'first_comment', title: 'First Words', description: '', icon: null, color: null, rarity: 'common' as const, category: 'social' }
    expect(toAnimation(award({ newLevel: 3 }), { activityType: 'comment_post' })?.newLevel).toBeNull()
    expect(toAnimation(award({ levelUp: true, newLevel: 2, achievementUnlocked: achievement }), { activityType: 'comment_post', description: 'Commented on: X' })).toMatchObject({
      points: 15,
      newLevel: 2,
      achievement,
      description: 'Commented on: X',
    })
  })
})

describe('reportAward', () => {
  it('queues the animation for the feedback island and remembers the level reached', () => {
    reportAward(award({ pointsAwarded: 55, levelUp: true, newLevel: 2 }), { activityType: 'comment_post' })
    reportAward(award({ pointsAwarded: 0 }), { activityType: 'bookmark_add' })
    expect(pointsStore.getState().level).toBe(2)
    const taken = pointsStore.getState().take()
    expect(taken.map((a) => a.points)).toEqual([55])
    expect(pointsStore.getState().pending).toEqual([])
  })
})

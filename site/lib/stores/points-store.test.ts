import { afterEach, describe, expect, it, vi } from 'vitest'

import { drainQueuedAwards, pointsStore, queueAwardForNextPage, reportAward, toAnimation } from './points-store'

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

describe('queueAwardForNextPage (registration, age verification: the page is left at once)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it("keeps the award for the next page, whose feedback island plays it once", () => {
    const data = new Map<string, string>()
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      removeItem: (k: string) => void data.delete(k),
      setItem: (k: string, v: string) => void data.set(k, String(v)),
    })
    queueAwardForNextPage(award({ pointsAwarded: 25 }), { activityType: 'community_join' })
    queueAwardForNextPage(award({ pointsAwarded: 0 }), { activityType: 'login' })
    queueAwardForNextPage(award({ pointsAwarded: 20 }), { activityType: 'age_verification' })
    // The next page:
    drainQueuedAwards()
    expect(pointsStore.getState().take().map((a) => a.points)).toEqual([25, 20])
    drainQueuedAwards()
    expect(pointsStore.getState().take()).toEqual([])
  })

  it('ignores what it cannot read', () => {
    vi.stubGlobal('sessionStorage', { getItem: () => '{"not":"a list"}', removeItem: () => undefined, setItem: () => undefined })
    drainQueuedAwards()
    expect(pointsStore.getState().take()).toEqual([])
  })
})

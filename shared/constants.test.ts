import { describe, expect, it } from 'vitest'
import {
  BADGE_CODES,
  CATEGORY_COLOR_PRESETS,
  DEFAULT_CATEGORY_COLOR,
  LEVEL_THRESHOLDS,
  POINTS,
  PREMIUM_PRICE,
  PREMIUM_PRICE_LABEL,
  badgesForMemberNumber,
  levelForPoints,
} from './constants'

describe('badgesForMemberNumber', () => {
  it.each([
    [1, ['founder', 'early_50', 'early_100', 'early_1000', 'member']],
    [3, ['founder', 'early_50', 'early_100', 'early_1000', 'member']],
    [5, ['founder', 'early_50', 'early_100', 'early_1000', 'member']],
    [6, ['early_50', 'early_100', 'early_1000', 'member']],
    [50, ['early_50', 'early_100', 'early_1000', 'member']],
    [51, ['early_100', 'early_1000', 'member']],
    [100, ['early_100', 'early_1000', 'member']],
    [101, ['early_1000', 'member']],
    [1000, ['early_1000', 'member']],
    [1001, ['member']],
  ])('member #%i gets %j', (n, badges) => {
    expect(badgesForMemberNumber(n)).toEqual(badges)
  })

  it('gives only member to an invalid member number', () => {
    expect(badgesForMemberNumber(0)).toEqual(['member'])
    expect(badgesForMemberNumber(Number.NaN)).toEqual(['member'])
  })

  it('only hands out known badge codes', () => {
    for (const code of badgesForMemberNumber(1)) expect(BADGE_CODES).toContain(code)
  })
})

describe('levelForPoints', () => {
  it.each([
    [0, 1],
    [99, 1],
    [100, 2],
    [249, 2],
    [250, 3],
    [499, 3],
    [500, 4],
    [999, 4],
    [1000, 5],
    [50_000, 5],
    [-10, 1],
  ])('%i points is level %i', (points, level) => {
    expect(levelForPoints(points)).toBe(level)
  })

  it('knows exactly the five published thresholds', () => {
    expect(LEVEL_THRESHOLDS).toEqual({ 1: 0, 2: 100, 3: 250, 4: 500, 5: 1000 })
  })
})

describe('spec constants', () => {
  it('prices premium at $4.99', () => {
    expect(PREMIUM_PRICE).toBe(4.99)
    expect(PREMIUM_PRICE_LABEL).toBe('$4.99')
  })

  it('awards the spec points per activity', () => {
    expect(POINTS).toEqual({
      login: 5,
      video_watch: 10,
      video_complete: 25,
      comment_post: 15,
      blog_read: 10,
      bookmark_add: 5,
      daily_streak: 50,
      premium_subscription: 100,
      achievement_unlock: 30,
    })
  })

  it('offers 8 distinct category colours, the default first', () => {
    expect(CATEGORY_COLOR_PRESETS).toHaveLength(8)
    expect(new Set(CATEGORY_COLOR_PRESETS).size).toBe(8)
    expect(CATEGORY_COLOR_PRESETS[0]).toBe(DEFAULT_CATEGORY_COLOR)
    expect(DEFAULT_CATEGORY_COLOR).toBe('#0d6efd')
  })
})

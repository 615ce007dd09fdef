import { describe, expect, it } from 'vitest'

import { EARN_POINTS_ROWS, formatPoints, formatRank, levelColorIndex, levelProgress, PERIOD_LABELS, pointsTier, streakRing } from './points-display'

describe('pointsTier (SPEC §4 colour tiers)', () => {
  it('is top from 50, middle from 25 to 49, lowest under 25', () => {
    expect(pointsTier(100)).toBe('top')
    expect(pointsTier(50)).toBe('top')
    expect(pointsTier(49)).toBe('middle')
    expect(pointsTier(25)).toBe('middle')
    expect(pointsTier(24)).toBe('lowest')
    expect(pointsTier(15)).toBe('lowest')
    expect(pointsTier(0)).toBe('lowest')
  })
})

describe('streakRing (SPEC §9: thresholds 7, 14, 21; maximum 30)', () => {
  it('fills by days out of 30 and caps there', () => {
    expect(streakRing(0).fraction).toBe(0)
    expect(streakRing(15).fraction).toBe(0.5)
    expect(streakRing(30).fraction).toBe(1)
    expect(streakRing(45).fraction).toBe(1)
  })
  it('changes stage at 7, 14 and 21 days', () => {
    expect([0, 6, 7, 13, 14, 20, 21, 30].map((d) => streakRing(d).stage)).toEqual([0, 0, 1, 1, 2, 2, 3, 3])
  })
  it('names the next threshold, then 30, then none', () => {
    expect(streakRing(3).next).toBe(7)
    expect(streakRing(7).next).toBe(14)
    expect(streakRing(21).next).toBe(30)
    expect(streakRing(30).next).toBeNull()
  })
  it('treats nonsense as no streak', () => {
    expect(streakRing(-4)).toEqual({ fraction: 0, stage: 0, next: 7 })
    expect(streakRing(Number.NaN).stage).toBe(0)
  })
})

describe('levels', () => {
  it('gives each of levels 1 to 10 its own colour and keeps the top one above', () => {
    expect([1, 2, 5, 10, 11, 0, -3].map(levelColorIndex)).toEqual([0, 1, 4, 9, 9, 0, 0])
  })
  it('measures progress between this level and the next', () => {
    expect(levelProgress(175, { pointsRequired: 100 }, { pointsRequired: 250 })).toBe(0.5)
    expect(levelProgress(0, { pointsRequired: 0 }, { pointsRequired: 100 })).toBe(0)
    expect(levelProgress(5000, { pointsRequired: 1000 }, null)).toBe(1)
    expect(levelProgress(90, null, { pointsRequired: 100 })).toBe(0.9)
  })
})

describe('formatting', () => {
  it('shows points like other counts and ranks with a hash', () => {
    expect(formatPoints(15)).toBe('15')
    expect(formatPoints(1500)).toBe('1.5K')
    expect(formatRank(3)).toBe('#3')
    expect(formatRank(null)).toBe('–')
  })
  it('labels the periods as the tabs read', () => {
    expect(Object.values(PERIOD_LABELS)).toEqual(['Daily', 'Weekly', 'Monthly', 'All Time'])
  })
  it('lists the §9 table first, with its values', () => {
    expect(EARN_POINTS_ROWS.slice(0, 9).map((r) => r.points)).toEqual([5, 10, 25, 15, 10, 5, 50, 100, 30])
  })
})

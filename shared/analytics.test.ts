import { describe, expect, it } from 'vitest'

import { conversionRate, estimatedMonthlyRevenue } from './analytics'

describe('estimatedMonthlyRevenue (premium users × $4.99)', () => {
  it.each([
    [0, 0],
    [1, 4.99],
    [3, 14.97],
    [1000, 4990],
    [-2, 0],
  ])('%i premium users → $%d', (premium, dollars) => {
    expect(estimatedMonthlyRevenue(premium)).toBe(dollars)
  })
})

describe('conversionRate (premium over total, percent)', () => {
  it('is premium / total × 100', () => {
    expect(conversionRate(1, 4)).toBe(25)
    expect(conversionRate(3, 3)).toBe(100)
    expect(conversionRate(1, 3)).toBeCloseTo(33.333, 3)
  })
  it('is 0 without users', () => {
    expect(conversionRate(0, 0)).toBe(0)
    expect(conversionRate(5, 0)).toBe(0)
  })
})

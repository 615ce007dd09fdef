import { describe, expect, it } from 'vitest'

import {
  analyticsRangeQuerySchema,
  daysOf,
  isDayString,
  RANGE_BOTH_NEEDED,
  RANGE_DATE_INVALID,
  RANGE_DAYS_INVALID,
  RANGE_EITHER,
  RANGE_ORDER_INVALID,
  RANGE_TOO_LONG,
  resolveRange,
} from './analytics'

const parse = (query: Record<string, string>) => analyticsRangeQuerySchema.safeParse(query)
const firstError = (query: Record<string, string>) => {
  const result = parse(query)
  return result.success ? null : result.error.issues[0]?.message
}

describe('isDayString', () => {
  it('accepts real calendar days only', () => {
    expect(isDayString('2026-02-28')).toBe(true)
    expect(isDayString('2024-02-29')).toBe(true)
    expect(isDayString('2026-02-29')).toBe(false)
    expect(isDayString('2026-13-01')).toBe(false)
    expect(isDayString('2026-1-01')).toBe(false)
    expect(isDayString('1999-12-31')).toBe(false)
    expect(isDayString(20260101)).toBe(false)
  })
})

describe('analyticsRangeQuerySchema and resolveRange', () => {
  const today = '2026-03-10'

  it('defaults to the last 30 days up to today', () => {
    const q = parse({})
    expect(q.success).toBe(true)
    expect(resolveRange(q.data!, today)).toEqual({ from: '2026-02-09', to: today, days: 30 })
  })

  it('days=N is the last N days including today', () => {
    expect(resolveRange(parse({ days: '7' }).data!, today)).toEqual({ from: '2026-03-04', to: today, days: 7 })
    expect(resolveRange(parse({ days: '1' }).data!, today)).toEqual({ from: today, to: today, days: 1 })
    expect(resolveRange(parse({ days: ' 366 ' }).data!, today).days).toBe(366)
  })

  it('from and to are inclusive site days', () => {
    expect(resolveRange(parse({ from: '2026-01-30', to: '2026-02-02' }).data!, today)).toEqual({ from: '2026-01-30', to: '2026-02-02', days: 4 })
  })

  it.each([
    [{ days: '0' }, RANGE_DAYS_INVALID],
    [{ days: '367' }, RANGE_DAYS_INVALID],
    [{ days: '7.5' }, RANGE_DAYS_INVALID],
    [{ days: 'week' }, RANGE_DAYS_INVALID],
    [{ days: '-3' }, RANGE_DAYS_INVALID],
    [{ from: '2026-01-01' }, RANGE_BOTH_NEEDED],
    [{ to: '2026-01-01' }, RANGE_BOTH_NEEDED],
    [{ from: '2026-02-30', to: '2026-03-01' }, RANGE_DATE_INVALID],
    [{ from: 'yesterday', to: '2026-03-01' }, RANGE_DATE_INVALID],
    [{ from: '2026-03-02', to: '2026-03-01' }, RANGE_ORDER_INVALID],
    [{ from: '2025-01-01', to: '2026-01-02' }, RANGE_TOO_LONG],
    [{ days: '7', from: '2026-03-01', to: '2026-03-02' }, RANGE_EITHER],
  ])('refuses %o', (query, message) => {
    expect(firstError(query)).toBe(message)
  })

  it('a full leap year fits', () => {
    expect(parse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true)
  })
})

describe('daysOf', () => {
  it('lists every day across a month end', () => {
    expect(daysOf({ from: '2026-02-27', to: '2026-03-02' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'])
  })
})

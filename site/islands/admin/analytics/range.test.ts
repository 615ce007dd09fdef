import { describe, expect, it } from 'vitest'

import { RANGE_DATE_INVALID, RANGE_ORDER_INVALID } from '../../../../shared/schemas/analytics'
import { urlFromQueryKey } from '../../../lib/api-client'
import { analyticsQueryKey, longDay, parseCustomRange, shortDay } from './range'

describe('the dashboard range', () => {
  it('becomes the analytics URL’s query string', () => {
    expect(urlFromQueryKey(analyticsQueryKey({ days: 7 }))).toBe('/api/admin/analytics?days=7')
    expect(urlFromQueryKey(analyticsQueryKey({ from: '2026-03-01', to: '2026-03-31' }))).toBe('/api/admin/analytics?from=2026-03-01&to=2026-03-31')
  })

  it('a custom range is checked with the server’s schema', () => {
    expect(parseCustomRange('2026-03-01', '2026-03-31')).toEqual({ range: { from: '2026-03-01', to: '2026-03-31' } })
    expect(parseCustomRange('2026-03-31', '2026-03-01')).toEqual({ error: RANGE_ORDER_INVALID })
    expect(parseCustomRange('2026-02-30', '2026-03-01')).toEqual({ error: RANGE_DATE_INVALID })
    expect(parseCustomRange('', '')).toEqual({ error: 'Choose a start and an end date.' })
  })

  it('labels site days without time zone arithmetic', () => {
    expect(shortDay('2026-03-04')).toBe('Mar 4')
    expect(longDay('2026-12-31')).toBe('Dec 31, 2026')
    // The one date format, on any clock: a site day is a calendar day.
    expect(longDay('2026-03-04')).toBe('Mar 04, 2026')
  })
})

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { pageNumbers, pageQuerySchema, searchParamsToObject, totalPagesFor } from './pagination'

describe('pageQuerySchema', () => {
  const videos = pageQuerySchema({ defaultLimit: 24 })

  it('uses page 1 and the default limit when absent', () => {
    expect(videos.parse({})).toEqual({ page: 1, limit: 24 })
  })

  it('reads numbers from query strings', () => {
    expect(videos.parse(searchParamsToObject(new URLSearchParams('page=3&limit=6')))).toEqual({ page: 3, limit: 6 })
  })

  it('never goes below page 1 and clamps the limit to 1..100', () => {
    expect(videos.parse({ page: '0', limit: '0' })).toEqual({ page: 1, limit: 1 })
    expect(videos.parse({ page: '-4', limit: '500' })).toEqual({ page: 1, limit: 100 })
    expect(videos.parse({ page: 'abc', limit: 'lots' })).toEqual({ page: 1, limit: 24 })
  })

  it('caps huge page numbers instead of handing the database an overflowing offset', () => {
    expect(videos.parse({ page: '99999999999999999999' }).page).toBe(10_000)
    expect(videos.parse({ page: '9'.repeat(400) }).page).toBe(10_000)
    expect(videos.parse({ page: '-99999999999999999999' }).page).toBe(1)
  })

  it('can be extended with other params', () => {
    const schema = pageQuerySchema({ defaultLimit: 6 }).extend({ search: z.string().optional() })
    expect(schema.parse({ search: 'police' })).toEqual({ page: 1, limit: 6, search: 'police' })
  })
})

describe('pageNumbers', () => {
  it('shows at most 5 links around the current page', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3])
    expect(pageNumbers(1, 10)).toEqual([1, 2, 3, 4, 5])
    expect(pageNumbers(6, 10)).toEqual([4, 5, 6, 7, 8])
    expect(pageNumbers(10, 10)).toEqual([6, 7, 8, 9, 10])
    expect(pageNumbers(1, 0)).toEqual([])
  })

  it('counts pages from totals', () => {
    expect(totalPagesFor(0, 24)).toBe(1)
    expect(totalPagesFor(24, 24)).toBe(1)
    expect(totalPagesFor(25, 24)).toBe(2)
  })
})

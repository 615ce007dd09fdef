import { describe, expect, it } from 'vitest'

import { searchParamsToObject } from './pagination'
import { z } from 'zod'

import {
  announcementListQuerySchema,
  categoryListQuerySchema,
  cleanText,
  idSchema,
  MAX_PAGE,
  newsPageQuery,
  postListQuerySchema,
  withoutNul,
} from './content-query'

const parse = (qs: string) => postListQuerySchema.safeParse(searchParamsToObject(new URLSearchParams(qs)))

describe('postListQuerySchema', () => {
  it('defaults to page 1 of 6 with no filters', () => {
    expect(parse('').data).toEqual({ page: 1, limit: 6, status: undefined, categoryId: undefined, search: undefined })
  })

  it('clamps page and limit', () => {
    expect(parse('page=0&limit=10000').data).toMatchObject({ page: 1, limit: 100 })
    expect(parse('page=99999999999999999999').data?.page).toBe(MAX_PAGE)
    expect(parse('page=abc&limit=-4').data).toMatchObject({ page: 1, limit: 1 })
  })

  it('reads status, category and search; blank means no filter', () => {
    expect(parse('status=draft&categoryId=12&search=%20voting%20').data).toMatchObject({ status: 'draft', categoryId: 12, search: 'voting' })
    expect(parse('status=&categoryId=&search=%20%20').data).toMatchObject({ status: undefined, categoryId: undefined, search: undefined })
  })

  it('rejects bad values with clear messages', () => {
    expect(parse('status=archived').error?.issues[0]?.message).toBe('Status must be draft or published')
    expect(parse('categoryId=abc').error?.issues[0]?.message).toBe('Category id must be a positive whole number')
    expect(parse('categoryId=0').success).toBe(false)
    expect(parse('categoryId=99999999999').success).toBe(false)
    expect(parse(`search=${'a'.repeat(201)}`).error?.issues[0]?.message).toBe('Search must be at most 200 characters')
    expect(parse(`search=${'a'.repeat(5000)}`).error?.issues).toHaveLength(1)
  })
})

describe('idSchema', () => {
  it('accepts positive integers within the database range only', () => {
    const id = idSchema('Post')
    expect(id.parse('42')).toBe(42)
    for (const bad of ['0', '-1', '1.5', 'abc', '', '2147483648', '1e3']) expect(id.safeParse(bad).success, bad).toBe(false)
  })
})

describe('flags', () => {
  it('withPostCount and active read true/false and reject anything else', () => {
    expect(categoryListQuerySchema.parse({ withPostCount: 'true' })).toEqual({ withPostCount: true })
    expect(categoryListQuerySchema.parse({})).toEqual({ withPostCount: false })
    expect(announcementListQuerySchema.parse({ active: '0' })).toEqual({ active: false })
    expect(announcementListQuerySchema.safeParse({ active: 'yes' }).error?.issues[0]?.message).toBe('active must be true or false')
  })
})

describe('newsPageQuery', () => {
  it('never fails: bad values become defaults, a long search is cut', () => {
    const q = newsPageQuery(new URLSearchParams(`category=abc&page=-2&search=${'x'.repeat(500)}`))
    expect(q).toMatchObject({ page: 1, categoryId: null, categoryInvalid: true })
    expect(q.search).toHaveLength(200)
    expect(newsPageQuery(new URLSearchParams('category=3&page=2&search=%20a%20'))).toEqual({ page: 2, categoryId: 3, categoryInvalid: false, search: 'a' })
  })
})

describe('NUL and control characters', () => {
  it('are spaces in a search and gone from JSON bodies', () => {
    expect(cleanText('a\u0000b\tc\u001fd')).toBe('a b\tc d')
    expect(parse('search=a%00b').data?.search).toBe('a b')
    expect(parse('search=%00').data?.search).toBeUndefined()
    const schema = withoutNul(z.object({ title: z.string(), tags: z.array(z.string()) }))
    expect(schema.parse({ title: 'x\u0000y', tags: ['a\u0000'] })).toEqual({ title: 'xy', tags: ['a'] })
  })
})

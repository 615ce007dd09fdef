import { describe, expect, it } from 'vitest'

import { isRetryableConflict, sqlStateOf } from './member-transaction'

describe('a lost race, however it was wrapped', () => {
  it('finds the SQLSTATE on the error or down its causes', () => {
    expect(sqlStateOf({ code: '40P01' })).toBe('40P01')
    expect(sqlStateOf(new Error('Failed query', { cause: { code: '40001' } }))).toBe('40001')
    expect(sqlStateOf(new Error('outer', { cause: new Error('inner', { cause: { code: '23505' } }) }))).toBe('23505')
    expect(sqlStateOf(new Error('no code'))).toBeUndefined()
    expect(sqlStateOf({ code: 'ECONNREFUSED' })).toBeUndefined()
  })

  it('retries deadlocks and serialisation failures only', () => {
    expect(isRetryableConflict({ code: '40P01' })).toBe(true)
    expect(isRetryableConflict(new Error('x', { cause: { code: '40001' } }))).toBe(true)
    expect(isRetryableConflict({ code: '23505' })).toBe(false)
    expect(isRetryableConflict(null)).toBe(false)
  })
})

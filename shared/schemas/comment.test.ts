import { describe, expect, it } from 'vitest'
import { commentSchema } from './comment'
import { errorsOf } from './test-helpers'

describe('commentSchema', () => {
  const ok = { authorName: 'Dre', authorEmail: '', content: 'Powerful video.' }

  it('accepts a comment without an email', () => {
    expect(commentSchema.parse(ok)).toEqual({ authorName: 'Dre', authorEmail: undefined, content: 'Powerful video.' })
    expect(commentSchema.parse({ authorName: 'Dre', content: 'Hi' }).authorEmail).toBeUndefined()
  })

  it("requires a name: 'Name is required'", () => {
    expect(errorsOf(commentSchema.safeParse({ ...ok, authorName: '  ' }))).toEqual({ authorName: ['Name is required'] })
  })

  it("checks a given email: 'Valid email is required'", () => {
    expect(errorsOf(commentSchema.safeParse({ ...ok, authorEmail: 'dre@' }))).toEqual({
      authorEmail: ['Valid email is required'],
    })
    expect(commentSchema.parse({ ...ok, authorEmail: 'dre@example.com' }).authorEmail).toBe('dre@example.com')
  })

  it("requires content: 'Comment is required' (whitespace does not count)", () => {
    expect(errorsOf(commentSchema.safeParse({ ...ok, content: ' \n ' }))).toEqual({ content: ['Comment is required'] })
  })

  it("allows 2000 characters and rejects 2001: 'Comment is too long'", () => {
    expect(commentSchema.safeParse({ ...ok, content: 'c'.repeat(2000) }).success).toBe(true)
    expect(errorsOf(commentSchema.safeParse({ ...ok, content: 'c'.repeat(2001) }))).toEqual({
      content: ['Comment is too long'],
    })
  })
})

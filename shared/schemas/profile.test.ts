import { describe, expect, it } from 'vitest'
import { profileUpdateSchema } from './profile'
import { errorsOf } from './test-helpers'

describe('profileUpdateSchema', () => {
  it('allows a 500-character bio and rejects 501 with the spec message', () => {
    expect(profileUpdateSchema.safeParse({ bio: 'b'.repeat(500) }).success).toBe(true)
    expect(errorsOf(profileUpdateSchema.safeParse({ bio: 'b'.repeat(501) }))).toEqual({
      bio: ['Bio must be less than 500 characters'],
    })
  })

  it('allows a 100-character location and rejects 101 with the spec message', () => {
    expect(profileUpdateSchema.safeParse({ location: 'l'.repeat(100) }).success).toBe(true)
    expect(errorsOf(profileUpdateSchema.safeParse({ location: 'l'.repeat(101) }))).toEqual({
      location: ['Location must be less than 100 characters'],
    })
  })

  it.each(['https://example.com', 'http://my.site.org/about?x=1', ''])('accepts website %j', (website) => {
    expect(profileUpdateSchema.safeParse({ website }).success).toBe(true)
  })

  it.each(['example', 'ftp://example.com', 'javascript:alert(1)', 'https://'])('rejects website %j', (website) => {
    expect(errorsOf(profileUpdateSchema.safeParse({ website }))).toEqual({
      website: ['Please enter a valid website URL'],
    })
  })

  it('leaves absent fields out and clears null ones', () => {
    expect(profileUpdateSchema.parse({ bio: ' Hi ' })).toEqual({ bio: 'Hi' })
    expect(profileUpdateSchema.parse({ website: null })).toEqual({ website: '' })
  })
})

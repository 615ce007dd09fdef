import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loginSchema, registerSchema, verifyAgeSchema } from './auth'
import { dateOfBirthField } from './fields'
import { errorsOf } from './test-helpers'

const TODAY = new Date('2025-06-15T12:00:00Z')

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(TODAY)
})
afterEach(() => {
  vi.useRealTimers()
})

const valid = {
  username: 'keisha_w',
  email: '',
  dateOfBirth: '1990-04-01',
  password: 'correct horse',
  confirmPassword: 'correct horse',
}

describe('loginSchema', () => {
  it('requires a username and a password with the spec messages', () => {
    expect(errorsOf(loginSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: ['Username is required'],
      password: ['Password is required'],
    })
    expect(errorsOf(loginSchema.safeParse({}))).toEqual({
      username: ['Username is required'],
      password: ['Password is required'],
    })
  })

  it('trims the username but never the password', () => {
    expect(loginSchema.parse({ username: '  keisha ', password: ' pw ' })).toEqual({ username: 'keisha', password: ' pw ' })
    expect(errorsOf(loginSchema.safeParse({ username: '   ', password: 'x' }))).toEqual({
      username: ['Username is required'],
    })
  })
})

describe('registerSchema', () => {
  it('accepts a valid registration and treats an empty email as absent', () => {
    const data = registerSchema.parse(valid)
    expect(data.email).toBeUndefined()
    expect(data.username).toBe('keisha_w')
  })

  it('keeps a given email and rejects a malformed one', () => {
    expect(registerSchema.parse({ ...valid, email: ' k@example.com ' }).email).toBe('k@example.com')
    expect(errorsOf(registerSchema.safeParse({ ...valid, email: 'nope' }))).toEqual({
      email: ['Please enter a valid email address'],
    })
  })

  it("reports \"Passwords don't match\" on confirmPassword", () => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, confirmPassword: 'correct horse!' }))).toEqual({
      confirmPassword: ["Passwords don't match"],
    })
  })

  it('reports a mismatch even while another field is invalid', () => {
    const { dateOfBirth: _omitted, ...withoutDob } = valid
    const errors = errorsOf(registerSchema.safeParse({ ...withoutDob, confirmPassword: 'different1' }))
    expect(errors.confirmPassword).toEqual(["Passwords don't match"])
    expect(errors.dateOfBirth).toEqual(['Date of birth is required'])
  })

  it('needs 8 characters in password and confirmPassword', () => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, password: 'short7!', confirmPassword: 'short7!' }))).toEqual({
      password: ['Password must be at least 8 characters'],
      confirmPassword: ['Password must be at least 8 characters'],
    })
    expect(registerSchema.safeParse({ ...valid, password: '12345678', confirmPassword: '12345678' }).success).toBe(true)
  })

  it('caps passwords at 128 characters', () => {
    const long = 'x'.repeat(129)
    expect(errorsOf(registerSchema.safeParse({ ...valid, password: long, confirmPassword: long })).password).toEqual([
      'Password must be at most 128 characters',
    ])
  })

  it.each(['ab', 'x'.repeat(31), 'has space', 'emoji😀', 'semi;colon'])('rejects username %j', (username) => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, username })).username).toEqual([
      'Username must be 3–30 characters: letters, numbers, underscores, hyphens or dots',
    ])
  })

  it.each(['abc', 'x'.repeat(30), 'first.last', 'dash-ok', 'Under_Score9'])('accepts username %j', (username) => {
    expect(registerSchema.safeParse({ ...valid, username }).success).toBe(true)
  })

  it('says "Username is required" for an empty username', () => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, username: ' ' })).username).toEqual(['Username is required'])
  })
})

describe('date of birth (register and verify-age)', () => {
  const dobErrors = (dateOfBirth: string) => errorsOf(verifyAgeSchema.safeParse({ dateOfBirth })).dateOfBirth

  it('allows a member on their 13th birthday but not the day before', () => {
    expect(dobErrors('2012-06-15')).toBeUndefined()
    expect(dobErrors('2012-06-16')).toEqual(['You must be at least 13 years old to use this platform'])
    expect(errorsOf(registerSchema.safeParse({ ...valid, dateOfBirth: '2012-06-16' })).dateOfBirth).toEqual([
      'You must be at least 13 years old to use this platform',
    ])
  })

  it('rejects a date in the future', () => {
    expect(dobErrors('2025-06-16')).toEqual(['Date of birth cannot be in the future'])
  })

  it('rejects today as under 13 rather than future', () => {
    expect(dobErrors('2025-06-15')).toEqual(['You must be at least 13 years old to use this platform'])
  })

  it('rejects impossible and malformed dates', () => {
    expect(dobErrors('2001-02-29')).toEqual(['Please enter a valid date of birth'])
    expect(dobErrors('15/06/2000')).toEqual(['Please enter a valid date of birth'])
    expect(dobErrors('1800-01-01')).toEqual(['Please enter a valid date of birth'])
  })

  it('requires it', () => {
    expect(dobErrors('')).toEqual(['Date of birth is required'])
    expect(errorsOf(verifyAgeSchema.safeParse({})).dateOfBirth).toEqual(['Date of birth is required'])
  })

  it('lets a leap-day child in on 1 March of their 13th year, not on 28 February', () => {
    const field = dateOfBirthField(() => new Date('2025-02-28T12:00:00Z'))
    expect(field.safeParse('2012-02-29').success).toBe(false)
    const nextDay = dateOfBirthField(() => new Date('2025-03-01T00:00:00Z'))
    expect(nextDay.safeParse('2012-02-29').success).toBe(true)
  })
})

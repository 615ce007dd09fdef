import { describe, expect, it } from 'vitest'

import { cookieFromHeader, knownDeviceCookie, knownDeviceUserId, knownDeviceValue } from './known-device'

const payload = { secret: 'test-secret' }

describe('known-device cookie', () => {
  it('vouches for the user it was made for, under this secret only', () => {
    const value = knownDeviceValue(payload, 42)
    expect(knownDeviceUserId(payload, value)).toBe(42)
    expect(knownDeviceUserId({ secret: 'other-secret' }, value)).toBeNull()
    expect(knownDeviceUserId(payload, value.replace(/^42\./, '43.'))).toBeNull()
    expect(knownDeviceUserId(payload, 'garbage')).toBeNull()
    expect(knownDeviceUserId(payload, null)).toBeNull()
  })

  it('is a long-lived HTTP-only cookie read back from a Cookie header', () => {
    const cookie = knownDeviceCookie(payload, 7, true)
    expect(cookie).toMatch(/^known_device=7\.[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/)
    const header = `a=1; ${cookie.split(';')[0]}; payload-token=x`
    expect(knownDeviceUserId(payload, cookieFromHeader(header, 'known_device'))).toBe(7)
    expect(cookieFromHeader('known_device=%E0%A4%A', 'known_device')).toBeNull()
  })
})

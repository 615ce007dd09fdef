import { describe, expect, it } from 'vitest'

import { rateLimitKey } from './client-key'

describe('rateLimitKey', () => {
  it('keeps an IPv4 address as it is, and unwraps IPv4-mapped IPv6', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts IPv6 clients per /64, however the address is written', () => {
    const a = rateLimitKey('2001:db8:85a3:12::1')
    expect(a).toBe('2001:db8:85a3:12::/64')
    expect(rateLimitKey('2001:0db8:85a3:0012:ffff:ffff:ffff:fffe')).toBe(a)
    expect(rateLimitKey('[2001:db8:85a3:12:abcd::9]')).toBe(a)
    expect(rateLimitKey('2001:db8:85a3:13::1')).not.toBe(a)
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64')
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  it('files anything that is not an address under one key', () => {
    expect(rateLimitKey(undefined)).toBe('unknown')
    expect(rateLimitKey('not-an-ip')).toBe('unknown')
    expect(rateLimitKey('1.2.3.4, 5.6.7.8')).toBe('unknown')
  })
})

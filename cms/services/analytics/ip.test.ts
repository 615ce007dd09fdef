import { describe, expect, it } from 'vitest'

import { truncateIp } from './ip'

describe('truncateIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['10.1.2.3', '10.1.2.0'],
    ['8.8.8.0', '8.8.8.0'],
    ['::ffff:203.0.113.77', '203.0.113.0'],
    ['::FFFF:198.51.100.9', '198.51.100.0'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd::'],
    ['2001:0db8:abcd:0012::1', '2001:db8:abcd::'],
    ['2001:db8::1', '2001:db8::'],
    ['2001:db8:0:1::5', '2001:db8::'],
    ['fe80::1%eth0', 'fe80::'],
    ['[2a02:1234:5678:9abc::1]', '2a02:1234:5678::'],
    ['::1', '::'],
    ['64:ff9b::203.0.113.77', '64:ff9b::'],
  ])('%s → %s', (input, stored) => {
    expect(truncateIp(input)).toBe(stored)
  })

  it.each(['', 'unknown', '999.1.1.1', '1.2.3', 'not:an:ip::x:y', '1::2::3', undefined, null])('unreadable %s → null', (input) => {
    expect(truncateIp(input)).toBeNull()
  })

  it('never keeps the host part of an IPv4 or the last 80 bits of an IPv6 address', () => {
    expect(truncateIp('192.168.1.254')).not.toContain('254')
    expect(truncateIp('2001:db8:1:ffff:ffff:ffff:ffff:ffff')).toBe('2001:db8:1::')
  })
})

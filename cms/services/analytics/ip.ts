// Client addresses are stored cut down to their network (privacy): an IPv4 address to its /24, an
// IPv6 address to its /48. Enough to see regions and abuse, never one household.
import { isIPv4, isIPv6 } from 'node:net'

import { DB_COLUMN_LIMITS } from '../../../shared/constants'

/** The 8 groups of an IPv6 address as numbers (an embedded IPv4 tail becomes the last two); null if unreadable. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase()
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)
  if (tail) {
    if (!isIPv4(tail[1]!)) return null
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number]
    text = text.slice(0, -tail[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [])
  const head = parse(halves[0]!)
  const rest = halves.length === 2 ? parse(halves[1]!) : []
  const missing = 8 - head.length - rest.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null
}

/**
 * `203.0.113.77` → `203.0.113.0`; `2001:db8:abcd:12:1:2:3:4` → `2001:db8:abcd::`; an IPv4 client
 * seen through an IPv6 socket (`::ffff:203.0.113.77`) → `203.0.113.0`. Anything unreadable → null
 * (stored as no address rather than as whatever a header said).
 */
export function truncateIp(address: string | null | undefined): string | null {
  const text = (address ?? '').trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (isIPv4(text)) return text.replace(/\.\d+$/, '.0')
  if (!isIPv6(text)) return null
  const groups = ipv6Groups(text)
  if (!groups) return null
  // ::ffff:a.b.c.d is an IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.0`
  }
  const [a, b, c] = groups as [number, number, number]
  const kept = [a, b, c]
  // Trailing zero groups of the /48 fold into the '::' as well (2001:db8:0:: → 2001:db8::).
  while (kept.length && kept.at(-1) === 0) kept.pop()
  return `${kept.map((g) => g.toString(16)).join(':')}::`.slice(0, DB_COLUMN_LIMITS.ipAddress)
}

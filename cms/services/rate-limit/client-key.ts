import { isIPv4, isIPv6 } from 'node:net'

/**
 * The key a client's address is counted under: an IPv4 address as it is, an IPv6 address by its
 * /64 network (one subscriber's whole allocation, which a client can rotate through freely), an
 * IPv4-mapped IPv6 address as the IPv4 address it maps.
 */
export function rateLimitKey(ip: string | undefined | null): string {
  if (!ip) return 'unknown'
  const address = ip.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!
  if (isIPv4(address)) return address
  if (!isIPv6(address)) return 'unknown'
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address, lowercase and without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase()
  // A trailing dotted IPv4 part is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail !== undefined && tail !== '' ? tail.split(':') : []
  const missing = tail === undefined ? 0 : 8 - left.length - right.length
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group || '0', 16).toString(16))
}

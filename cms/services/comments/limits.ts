import type { Payload } from 'payload'

import { hit, type RateLimitRule } from '../rate-limit'
import { tooMany } from '../errors'

/**
 * Counts one attempt against the caller's IP and, for members, their account; refuses with a 429
 * once either is over the rule's limit. Both counters advance, so switching IPs does not help a
 * member and sharing an account does not help an address.
 */
export async function limitAction(
  payload: Payload,
  rule: RateLimitRule,
  who: { ip: string; userId?: number | null },
  message: (minutes: number) => string,
): Promise<void> {
  const results = await Promise.all([hit(payload, rule, `ip:${who.ip}`), ...(who.userId ? [hit(payload, rule, `user:${who.userId}`)] : [])])
  const refused = results.filter((r) => !r.allowed)
  if (refused.length === 0) return
  const retryAfterSeconds = Math.max(...refused.map((r) => r.retryAfterSeconds))
  throw tooMany(message(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds)
}

import { hit, type RateLimitRule } from '../rate-limit'
import { tooMany } from '../errors'

/**
 * Counts one attempt against the caller's IP and, for members, their account; refuses with a 429
 * once either is over the rule's limit. Both counters advance, so switching IPs does not help a
 * member and sharing an account does not help an address.
 */
export function limitAction(
  rule: RateLimitRule,
  who: { ip: string; userId?: number | null },
  message: (minutes: number) => string,
): void {
  const results = [hit(rule, `ip:${who.ip}`), ...(who.userId ? [hit(rule, `user:${who.userId}`)] : [])]
  const refused = results.filter((r) => !r.allowed)
  if (refused.length === 0) return
  const retryAfterSeconds = Math.max(...refused.map((r) => r.retryAfterSeconds))
  throw tooMany(message(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds)
}

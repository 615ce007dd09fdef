import type { Payload } from 'payload'

import { hit, refund, type RateLimitRule } from '../rate-limit'
import { truncateIp } from './ip'
import { createPageViewLimiter, pageViewLimits, storedPath, type PageViewLimiter, type PageViewLimits } from './view-limit'

/**
 * The view budgets counted across every server process on the database (the rate-limit store), on
 * top of this process's own sliding budgets: a client whose page loads a proxy spreads over N
 * servers records what it would on one, not N times as much. The local budgets answer first, so a
 * client past them costs no database round trip; a view within them costs two counter upserts
 * (fixed one-minute windows: across a window's edge up to twice a budget can pass, never N times).
 */
export function sharedPageViewLimiter(payload: Payload | null, limits: PageViewLimits = pageViewLimits(), local = createPageViewLimiter(limits)): PageViewLimiter {
  const perPath: RateLimitRule = { name: 'page-views-path', limit: limits.perPath, windowMs: limits.windowMs }
  const perClient: RateLimitRule = { name: 'page-views-client', limit: limits.perClient, windowMs: limits.windowMs }
  return {
    async allow(address, path, now) {
      if (!(await local.allow(address, path, now))) return false
      const range = truncateIp(address) ?? 'unknown'
      const pathKey = `${range} ${storedPath(path)}`
      // As the local budgets do: a view that does not fit both is counted against neither.
      if (!(await hit(payload, perPath, pathKey)).allowed) return false
      if ((await hit(payload, perClient, range)).allowed) return true
      await refund(payload, perPath, pathKey)
      return false
    },
    size: local.size,
  }
}

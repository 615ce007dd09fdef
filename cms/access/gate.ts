import type { Access, Where } from 'payload'

import { opensEverything } from '../services/premium-gate'
import { requestUser, userIsAdmin } from './roles'

/**
 * Rows that hang off a video (comments) as the premium gate allows: everything for admins and
 * Premium members; for anyone else only those of videos they can open now (neither premium nor
 * uncut, and out of early access). The same rule as canOpen, written as a row filter; and for
 * everyone but admins, only those of videos open by their link (neither private nor scheduled).
 */
export const ofOpenVideos =
  (field = 'video'): Access =>
  ({ req }) => {
    const user = requestUser(req)
    if (userIsAdmin(user)) return true
    const now = new Date().toISOString()
    // A private video, or one scheduled ahead, is no one's but the admins': nor is its discussion.
    const visible: Where[] = [{ [`${field}.visibility`]: { in: ['public', 'unlisted'] } }, { [`${field}.publishedAt`]: { less_than_equal: now } }]
    if (opensEverything(user)) return { and: visible }
    const where: Where = {
      and: [
        ...visible,
        { or: [{ [`${field}.isPremium`]: { equals: false } }, { [`${field}.isPremium`]: { exists: false } }] },
        { or: [{ [`${field}.isUncut`]: { equals: false } }, { [`${field}.isUncut`]: { exists: false } }] },
        { or: [{ [`${field}.earlyAccessUntil`]: { exists: false } }, { [`${field}.earlyAccessUntil`]: { less_than_equal: now } }] },
      ],
    }
    return where
  }

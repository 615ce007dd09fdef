import type { Access, Where } from 'payload'

import { opensEverything } from '../services/premium-gate'
import { requestUser } from './roles'

/**
 * Rows that hang off a video (comments) as the premium gate allows: everything for admins and
 * Premium members; for anyone else only those of videos they can open now (neither premium nor
 * uncut, and out of early access). The same rule as canOpen, written as a row filter.
 */
export const ofOpenVideos =
  (field = 'video'): Access =>
  ({ req }) => {
    const user = requestUser(req)
    if (opensEverything(user)) return true
    const now = new Date().toISOString()
    const where: Where = {
      and: [
        { or: [{ [`${field}.isPremium`]: { equals: false } }, { [`${field}.isPremium`]: { exists: false } }] },
        { or: [{ [`${field}.isUncut`]: { equals: false } }, { [`${field}.isUncut`]: { exists: false } }] },
        { or: [{ [`${field}.earlyAccessUntil`]: { exists: false } }, { [`${field}.earlyAccessUntil`]: { less_than_equal: now } }] },
      ],
    }
    return where
  }

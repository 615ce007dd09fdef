import type { Payload } from 'payload'

import type { User } from '../../payload-types'
import { badgesFor } from './user-fields'

/** Premium whose end has passed but which is still stored as held. */
export const premiumLapsed = (user: Pick<User, 'isPremium' | 'premiumExpiresAt'>, now = new Date()): boolean =>
  Boolean(user.isPremium && user.premiumExpiresAt && new Date(user.premiumExpiresAt) <= now)

/**
 * Checked whenever a session user is resolved: past premiumExpiresAt, Premium and the premium
 * badge are removed from the stored row (not only from the view). Returns the user as it now is.
 */
export async function expirePremiumIfDue(payload: Payload, user: User, now = new Date()): Promise<User> {
  if (!premiumLapsed(user, now)) return user
  try {
    await payload.update({
      collection: 'users',
      where: { and: [{ id: { equals: user.id } }, { isPremium: { equals: true } }, { premiumExpiresAt: { less_than_equal: now.toISOString() } }] },
      data: { isPremium: false, premiumRenews: false },
      depth: 0,
      // The system ends what has run out; the where clause re-checks it against the stored row.
      overrideAccess: true,
      context: { premiumSync: true },
    })
    payload.logger.info({ event: 'premium_expired', userId: user.id, premiumExpiresAt: user.premiumExpiresAt }, 'premium ended: its period is over')
  } catch (err) {
    // The view below is right either way; the next request tries the write again.
    payload.logger.error({ err, userId: user.id }, 'could not record the end of premium')
  }
  return { ...user, isPremium: false, premiumRenews: false, badges: badgesFor(user.badges, false) as User['badges'] }
}

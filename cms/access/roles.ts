import type { PayloadRequest } from 'payload'

import { userHasPremium } from '../services/premium-gate/premium'

/** The one place that decides what a user's role flags mean. */
type RoleCarrier = { isAdmin?: boolean | null; isModerator?: boolean | null; isPremium?: boolean | null; premiumExpiresAt?: string | Date | null } | null | undefined

export const userIsAdmin = (user: RoleCarrier): boolean => Boolean(user?.isAdmin)

export const userIsModerator = (user: RoleCarrier): boolean => Boolean(user?.isAdmin || user?.isModerator)

/**
 * Premium holds while the flag is set and any expiry date is still ahead: the premium-gate
 * service's userHasPremium, the one place that is computed. Admins are not premium members; what
 * they may open is the gate's business (canOpen), not this flag's.
 */
export const userIsPremium = (user: RoleCarrier, now: Date = new Date()): boolean => userHasPremium(user, now)

export const requestUser = (req: Pick<PayloadRequest, 'user'>) =>
  req.user && req.user.collection === 'users' ? req.user : null

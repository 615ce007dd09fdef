import type { PayloadRequest } from 'payload'

/** The one place that decides what a user's role flags mean. */
type RoleCarrier = { isAdmin?: boolean | null; isModerator?: boolean | null; isPremium?: boolean | null; premiumExpiresAt?: string | null } | null | undefined

export const userIsAdmin = (user: RoleCarrier): boolean => Boolean(user?.isAdmin)

export const userIsModerator = (user: RoleCarrier): boolean => Boolean(user?.isAdmin || user?.isModerator)

/** Premium holds while the flag is set and any expiry date is still ahead. */
export const userIsPremium = (user: RoleCarrier, now: Date = new Date()): boolean => {
  if (!user) return false
  if (user.isAdmin) return true
  if (!user.isPremium) return false
  return !user.premiumExpiresAt || new Date(user.premiumExpiresAt) > now
}

export const requestUser = (req: Pick<PayloadRequest, 'user'>) =>
  req.user && req.user.collection === 'users' ? req.user : null

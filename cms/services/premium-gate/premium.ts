/** What the rule reads of a member: the flag and its end. Session users, Payload users and plain rows all fit. */
export type PremiumHolder = { isPremium?: boolean | null; premiumExpiresAt?: string | Date | null } | null | undefined

/**
 * Whether a member's Premium holds at `now`: the flag is set and its end (premiumExpiresAt) is
 * absent or still ahead. The one place this is computed (roles.ts, members.ts, the session user and
 * the gate all call it). Admins are not premium here; the gate lets them through on its own.
 */
export function userHasPremium(user: PremiumHolder, now: Date = new Date()): boolean {
  if (!user?.isPremium) return false
  if (!user.premiumExpiresAt) return true
  const ends = new Date(user.premiumExpiresAt).getTime()
  // An unreadable end date holds nothing: fail closed.
  return Number.isFinite(ends) && ends > now.getTime()
}

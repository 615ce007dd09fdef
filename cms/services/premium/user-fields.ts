import type { CollectionBeforeChangeHook, DateFieldValidation } from 'payload'

import { holdsPremium } from '../../access/members'

export const PREMIUM_BADGE = 'premium'
export const COMPLIMENTARY_NEEDS_END = 'Complimentary Premium needs an end date (Premium until).'

/** Complimentary Premium always ends: an admin's gift must not run forever by an empty field. */
export const complimentaryNeedsEndDate: DateFieldValidation = (value, { siblingData }) => {
  const sibling = siblingData as { isPremium?: boolean | null; premiumSource?: string | null }
  if (sibling.isPremium && sibling.premiumSource === 'complimentary' && !value) return COMPLIMENTARY_NEEDS_END
  return true
}

/** The badge list with the premium badge present exactly when Premium holds. */
export function badgesFor(badges: readonly string[] | null | undefined, premium: boolean): string[] {
  const without = (badges ?? []).filter((badge) => badge !== PREMIUM_BADGE)
  return premium ? [...without, PREMIUM_BADGE] : without
}

type PremiumFields = { isPremium?: boolean | null; premiumExpiresAt?: string | null; badges?: string[] | null }

/**
 * Users' beforeChange: whoever writes Premium (the premium service, an admin in /cms, the expiry
 * check) the `premium` badge follows it in the same write. Other writes leave badges alone.
 */
export const keepPremiumBadge: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  if (!('isPremium' in data) && !('premiumExpiresAt' in data)) return data
  const merged = { ...(originalDoc as PremiumFields | undefined), ...(data as PremiumFields) }
  const badges = badgesFor(merged.badges, holdsPremium(merged))
  const current = merged.badges ?? []
  if (badges.length !== current.length || badges.some((badge, i) => badge !== current[i])) data.badges = badges
  return data
}

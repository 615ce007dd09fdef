// The badges the site computes stay on the account, whatever a write's badge list says (shared/badges.ts).
import type { CollectionBeforeChangeHook } from 'payload'

import { BADGE_TIERS } from '../../../shared/constants'
import { holdsPremium } from '../../access/members'
import { badgesWithNumber } from '../auth/member-number'
import { badgesFor } from '../premium/user-fields'
import { badgesWithModerator } from './moderator-badge'

const NUMBER_BADGES = new Set<string>([...Object.keys(BADGE_TIERS), 'member'])

type BadgeFields = {
  memberNumber?: number | null
  badges?: string[] | null
  isModerator?: boolean | null
  isPremium?: boolean | null
  premiumExpiresAt?: string | null
}

/**
 * The list `given` with every computed badge as the account says: the early tiers and `member`
 * from the member number (a member without one yet keeps the ones stored), `premium` while
 * Premium holds, `moderator` with the flag. Hand-given badges stay as given, in their order, once each.
 */
export function withComputedBadges(merged: BadgeFields, stored: readonly string[], given: readonly string[]): string[] {
  const number = merged.memberNumber
  const handGiven = given.filter((badge) => !NUMBER_BADGES.has(badge))
  const numbered = typeof number === 'number' && Number.isInteger(number) && number >= 1
    ? badgesWithNumber(number, handGiven)
    : [...stored.filter((badge) => NUMBER_BADGES.has(badge)), ...handGiven]
  const withPremium = badgesFor(numbered, holdsPremium(merged))
  return [...new Set(badgesWithModerator(withPremium, Boolean(merged.isModerator)))]
}

/**
 * Users' beforeChange, after keepPremiumBadge and keepModeratorBadge: an update that writes
 * `badges` or the member number (an admin through /cms or REST, the Badges tab) keeps the
 * computed badges. Without this an admin's PATCH of `badges` that leaves out `member` or `early_50`
 * would strip them, though the site shows them as following the account, not as given by hand.
 * Creation is assignMemberNumber's (the number does not exist yet).
 */
export const keepComputedBadges: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  if (operation !== 'update' || !data || (!('badges' in data) && !('memberNumber' in data))) return data
  const original = (originalDoc ?? {}) as BadgeFields
  const merged = { ...original, ...(data as BadgeFields) }
  const given = merged.badges ?? []
  const badges = withComputedBadges(merged, original.badges ?? [], given)
  if (badges.length !== given.length || badges.some((badge, i) => badge !== given[i])) data.badges = badges
  return data
}

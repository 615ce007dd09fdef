// Which badges an admin gives by hand and which the site keeps itself (SPEC §3 badge codes, §6 Admin).
// Pure: the admin-users service refuses the automatic ones, the Badges tab offers only the others.
import { BADGE_CODES, BADGE_TIERS, type BadgeCode } from './constants'

/** Badges that follow the member number (cms/services/auth/member-number.ts): the early tiers and `member`. */
export const MEMBER_NUMBER_BADGES: readonly BadgeCode[] = [...(Object.keys(BADGE_TIERS) as BadgeCode[]), 'member']

/** Badges an admin adds and removes by hand: every code the site does not keep by itself. */
export const HAND_ASSIGNED_BADGES: readonly BadgeCode[] = BADGE_CODES.filter(
  (code) => !MEMBER_NUMBER_BADGES.includes(code) && code !== 'premium' && code !== 'moderator',
)

export const isBadgeCode = (value: unknown): value is BadgeCode => typeof value === 'string' && (BADGE_CODES as readonly string[]).includes(value)

export const isHandAssignedBadge = (code: string): boolean => (HAND_ASSIGNED_BADGES as readonly string[]).includes(code)

/**
 * Why `code` cannot be added or removed by hand (the 400's message), or null when it can. The
 * site keeps these in step with the account: a hand edit would only drift out of sync.
 */
export function automaticBadgeReason(code: BadgeCode): string | null {
  if (MEMBER_NUMBER_BADGES.includes(code)) return `The ${code} badge follows the member number; it cannot be added or removed by hand.`
  if (code === 'premium') return 'The premium badge follows Premium membership; it cannot be added or removed by hand.'
  if (code === 'moderator') return 'The moderator badge follows moderator status; use the moderator switch instead.'
  return null
}

/** What the Badges tab calls each code (the same words MemberBadges shows). */
export const BADGE_LABELS: Record<BadgeCode, string> = {
  founder: 'Founder',
  early_50: 'Early 50',
  early_100: 'Early 100',
  early_1000: 'Early 1000',
  premium: 'Premium',
  moderator: 'Moderator',
  member: 'Member',
  contributor: 'Contributor',
  verified: 'Verified',
}

export const UNKNOWN_BADGE = `Unknown badge. Choose one of: ${BADGE_CODES.join(', ')}.`

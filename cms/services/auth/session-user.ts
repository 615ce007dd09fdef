import type { Payload } from 'payload'

import type { SessionUser } from '../../../shared/schemas/auth'
import type { Avatar, User } from '../../payload-types'
import { userHasPremium } from '../premium-gate/premium'
import { expirePremiumIfDue } from '../premium/expiry'
import { badgesFor } from '../premium/user-fields'

const mediaUrl = (picture: User['profilePicture']): string | null => {
  if (!picture || typeof picture !== 'object') return null
  return (picture as Avatar).url ?? null
}

/** The public shape of the signed-in member (GET /api/auth/me): no password hash, dates of birth or payment ids. */
export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    username: user.username ?? '',
    email: user.email ?? null,
    isVerified: Boolean(user.isVerified),
    isAdmin: Boolean(user.isAdmin),
    isModerator: Boolean(user.isModerator),
    isPremium: userHasPremium(user),
    memberNumber: user.memberNumber ?? null,
    // A lapsed Premium shows no premium badge even before the row is updated.
    badges: userHasPremium(user) ? (user.badges ?? []) : badgesFor(user.badges, false),
    points: user.points ?? 0,
    level: user.level ?? 1,
    profilePicture: mediaUrl(user.profilePicture),
    createdAt: user.createdAt,
  }
}

/**
 * The signed-in member for this request, with Premium's end applied: past premiumExpiresAt the
 * stored row loses Premium and the premium badge (cms/services/premium/expiry.ts) before the
 * session user is built from it.
 */
export async function resolveSessionUser(payload: Payload, user: User): Promise<{ authUser: User; user: SessionUser }> {
  const current = await expirePremiumIfDue(payload, user)
  return { authUser: current, user: toSessionUser(current) }
}

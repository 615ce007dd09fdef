import type { SessionUser } from '../../../shared/schemas/auth'
import type { Avatar, User } from '../../payload-types'
import { userHasPremium } from '../premium-gate/premium'

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
    badges: user.badges ?? [],
    points: user.points ?? 0,
    level: user.level ?? 1,
    profilePicture: mediaUrl(user.profilePicture),
    createdAt: user.createdAt,
  }
}

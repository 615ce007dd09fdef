import type { Payload } from 'payload'

import { USER_NOT_FOUND } from '../../../shared/messages'
import { parseRowId } from '../../../shared/schemas/content-query'
import type { ProfileUpdateData } from '../../../shared/schemas/profile'
import type { PublicProfile } from '../../../shared/types/members'
import type { PointsAward } from '../../../shared/types/points'
import { holdsPremium } from '../../access/members'
import type { Avatar, User } from '../../payload-types'
import { notFound } from '../errors'
import { awardForProfileUpdate } from '../points/events'
import { inMemberTransaction } from '../db/member-transaction'

/** The only user fields a profile shows; never email, date of birth or payment ids. */
export const PUBLIC_USER_FIELDS = {
  username: true,
  memberNumber: true,
  badges: true,
  isAdmin: true,
  isModerator: true,
  isPremium: true,
  premiumExpiresAt: true,
  level: true,
  points: true,
  profilePicture: true,
  bio: true,
  location: true,
  website: true,
  createdAt: true,
} as const

type PublicUser = Pick<User, 'id' | keyof typeof PUBLIC_USER_FIELDS>

export const pictureUrl = (picture: User['profilePicture']): string | null =>
  picture && typeof picture === 'object' ? ((picture as Avatar).url ?? null) : null

/** Stored badges, with 'premium' and 'moderator' following the account's current status. */
export function profileBadges(user: PublicUser): string[] {
  const badges = new Set<string>(user.badges ?? [])
  if (holdsPremium(user)) badges.add('premium')
  else badges.delete('premium')
  if (user.isModerator) badges.add('moderator')
  return [...badges]
}

export function toPublicProfile(user: PublicUser): PublicProfile {
  return {
    id: user.id,
    username: user.username ?? '',
    memberNumber: user.memberNumber ?? null,
    badges: profileBadges(user),
    isPremium: holdsPremium(user),
    isModerator: Boolean(user.isModerator),
    isAdmin: Boolean(user.isAdmin),
    level: user.level ?? 1,
    points: user.points ?? 0,
    profilePicture: pictureUrl(user.profilePicture),
    bio: user.bio || null,
    location: user.location || null,
    website: user.website || null,
    createdAt: user.createdAt,
  }
}

/** A user id from a URL, or null (answered as not found). */
export const parseUserId = parseRowId

/**
 * GET /api/profile/{userId} and /profile/{userId}. Users are readable only by themselves and
 * admins, so this reads with overrideAccess and selects the public fields and nothing else.
 */
export async function getPublicProfile(payload: Payload, userId: number | null): Promise<PublicProfile> {
  if (userId === null) throw notFound(USER_NOT_FOUND)
  const user = await payload.findByID({
    collection: 'users',
    id: userId,
    select: PUBLIC_USER_FIELDS,
    depth: 1,
    disableErrors: true,
    overrideAccess: true,
  })
  if (!user) throw notFound(USER_NOT_FOUND)
  return toPublicProfile(user as PublicUser)
}

/** PUT /api/profile: the signed-in member's own bio, location and website; '' clears a field. */
export async function updateProfile(
  payload: Payload,
  { user, input }: { user: User; input: ProfileUpdateData },
): Promise<PublicProfile & { award: PointsAward }> {
  const data: Partial<Pick<User, 'bio' | 'location' | 'website'>> = {}
  for (const key of ['bio', 'location', 'website'] as const) {
    const value = input[key]
    if (value !== undefined) data[key] = value || null
  }
  // overrideAccess: members cannot update users through Payload (that would skip these
  // validated fields); this service edits only the signed-in member's own row, and only bio,
  // location and website.
  const award = await inMemberTransaction(payload, user.id, async (req) => {
    await payload.update({ collection: 'users', id: user.id, data, depth: 0, overrideAccess: true, req })
    // profile_update: once a points day, with the edit it rewards.
    return awardForProfileUpdate(payload, { req, user })
  })
  return { ...(await getPublicProfile(payload, user.id)), award }
}

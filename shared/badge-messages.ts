// Badges tab wording beyond SPEC §8 (which gives the failure toasts, in messages.ts): our own.
export const BADGE_ADDED = 'Badge added'
export const BADGE_REMOVED = 'Badge removed'
export const MODERATOR_STATUS_UPDATED = 'Moderator status updated'
export const NO_MEMBERS_MATCH = 'No members match your search.'
export const NO_MEMBERS_YET = 'No members yet.'

export const badgeAddedDescription = (badge: string, username: string) => `${username} now has the ${badge} badge.`
export const badgeRemovedDescription = (badge: string, username: string) => `The ${badge} badge was removed from ${username}.`
export const moderatorDescription = (username: string, isModerator: boolean) =>
  isModerator ? `${username} is now a moderator.` : `${username} is no longer a moderator.`
export const removeBadgeLabel = (badge: string, username: string) => `Remove badge ${badge} from ${username}`

import type { CollectionBeforeChangeHook } from 'payload'

export const MODERATOR_BADGE = 'moderator'

/** The stored badge list with the moderator badge present exactly when the flag is set. */
export function badgesWithModerator(badges: readonly string[] | null | undefined, moderator: boolean): string[] {
  const without = (badges ?? []).filter((badge) => badge !== MODERATOR_BADGE)
  return moderator ? [...without, MODERATOR_BADGE] : without
}

type ModeratorFields = { isModerator?: boolean | null; badges?: string[] | null }

/**
 * Users' beforeChange: whoever sets or clears isModerator (the Badges tab, an admin in /cms) the
 * stored `moderator` badge follows it in the same write, so the header's badges, the profile and
 * the leaderboard agree. Writes that leave isModerator alone leave badges alone.
 */
export const keepModeratorBadge: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  if (!('isModerator' in data)) return data
  const merged = { ...(originalDoc as ModeratorFields | undefined), ...(data as ModeratorFields) }
  const current = merged.badges ?? []
  const badges = badgesWithModerator(current, Boolean(merged.isModerator))
  if (badges.length !== current.length || badges.some((badge, i) => badge !== current[i])) data.badges = badges
  return data
}

import { userIsAdmin, userIsModerator, userIsPremium } from '../../access/roles'
import type { User } from '../../payload-types'

export type Viewer = User | null | undefined

/**
 * Who a cached result was read for: every role flag a read access rule looks at. Admins see
 * drafts and every field, so their reads are never cached (null); premium members get the
 * premium videos' files; the others are kept apart too, although today they read the same.
 */
export type Audience = 'visitor' | 'member' | 'moderator' | 'premium' | 'premium-moderator'

export function cacheAudience(user: Viewer, now: Date = new Date()): Audience | null {
  if (!user) return 'visitor'
  if (userIsAdmin(user)) return null
  const premium = userIsPremium(user, now)
  if (userIsModerator(user)) return premium ? 'premium-moderator' : 'moderator'
  return premium ? 'premium' : 'member'
}

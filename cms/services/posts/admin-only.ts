import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import { forbidden, unauthorized } from '../errors'

/** The caller of a content service: the signed-in member's Payload doc, or null for a visitor. */
export type Caller = User | null | undefined

/** Content writes are the creator's: 401 for a visitor, 403 for a member. */
export function assertAdmin(user: Caller): asserts user is User {
  if (!user) throw unauthorized('Please sign in as an admin.')
  if (!userIsAdmin(user)) throw forbidden('Only admins can manage content.')
}

/** Local API calls for `user` (access rules apply; see HOUSE rule 3). */
export const asCaller = (user: Caller) => ({ user: user ?? undefined, overrideAccess: false as const })

import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import { forbidden, unauthorized } from '../errors'

/** The caller: the signed-in account, or null for a visitor. */
export type Caller = User | null | undefined

export const ONLY_ADMINS = 'Only admins can manage badges and moderators.'

/** Badges and moderators are the admins' (SPEC §6): 401 for a visitor, 403 for members and moderators. */
export function assertCanManageMembers(user: Caller): asserts user is User {
  if (!user) throw unauthorized('Please sign in as an admin.')
  if (!userIsAdmin(user)) throw forbidden(ONLY_ADMINS)
}

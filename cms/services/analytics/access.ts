import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import { forbidden, unauthorized } from '../errors'

export const ANALYTICS_SIGN_IN = 'Please sign in as an admin.'
export const ANALYTICS_ADMINS_ONLY = 'Only admins can see analytics.'

/** The dashboard's figures are for admins: 401 for a visitor, 403 for anyone else (moderators included). */
export function assertAnalyticsAdmin(user: User | null | undefined): asserts user is User {
  if (!user) throw unauthorized(ANALYTICS_SIGN_IN)
  if (!userIsAdmin(user)) throw forbidden(ANALYTICS_ADMINS_ONLY)
}

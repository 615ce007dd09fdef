import { SEO_BOT_MESSAGES } from '../../../shared/seo-bot'
import { userIsAdmin } from '../../access/roles'
import type { User } from '../../payload-types'
import { forbidden, unauthorized } from '../errors'

/** The bot's doors are for admins: 401 for a visitor, 403 for anyone else (moderators included). */
export function assertSeoBotAdmin(user: User | null | undefined): asserts user is User {
  if (!user) throw unauthorized(SEO_BOT_MESSAGES.signIn)
  if (!userIsAdmin(user)) throw forbidden(SEO_BOT_MESSAGES.adminsOnly)
}

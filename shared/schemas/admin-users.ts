// Badges and moderators in /admin (SPEC §2 Badges, §7 Admin): the list's query string, the badge
// and moderator bodies, and the JSON they answer with.
import { BADGE_CODES, type BadgeCode } from '../constants'
import { UNKNOWN_BADGE } from '../badges'
import { z } from '../zod'
import { cleanText } from './content-query'
import { pageQuerySchema } from './pagination'

/** SPEC §9: the admin lists show up to 100 rows; the Badges tab asks for fewer per page. */
export const ADMIN_USERS_MAX_LIMIT = 100
export const ADMIN_USERS_PAGE_SIZE = 25
export const ADMIN_USER_SEARCH_MAX = 100
export const ADMIN_USER_SEARCH_TOO_LONG = `Search must be at most ${ADMIN_USER_SEARCH_MAX} characters`
export const IS_MODERATOR_INVALID = 'isModerator must be true or false'

/** GET /api/admin/users-with-badges?search=&page=&limit= (limit 1..100, default 100). */
export const adminUserListQuerySchema = pageQuerySchema({ defaultLimit: ADMIN_USERS_MAX_LIMIT, maxLimit: ADMIN_USERS_MAX_LIMIT }).extend({
  search: z
    .string()
    .max(ADMIN_USER_SEARCH_MAX * 4, { error: ADMIN_USER_SEARCH_TOO_LONG, abort: true })
    .trim()
    .max(ADMIN_USER_SEARCH_MAX, { error: ADMIN_USER_SEARCH_TOO_LONG })
    .optional()
    // Blank is no filter; a leading '@' or '#' is how people write a username or member number.
    .transform((v) => (v ? cleanText(v).trim() : '') || undefined),
})

export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>

const badgeCode = z.enum(BADGE_CODES, { error: UNKNOWN_BADGE })

/** POST /api/admin/users/{id}/badges */
export const addBadgeSchema = z.object({ badge: badgeCode })

/** The {badge} segment of DELETE /api/admin/users/{id}/badges/{badge}. */
export const badgeParamSchema = badgeCode

/** PATCH /api/admin/users/{id}/moderator */
export const moderatorUpdateSchema = z.object({ isModerator: z.boolean({ error: IS_MODERATOR_INVALID }) })

/** One member as the Badges tab lists them. `badges` are the ones the profile shows (premium and moderator follow the account). */
export type AdminUserSummary = {
  id: number
  username: string
  /** Admins only see it here; null when the member gave none. */
  email: string | null
  memberNumber: number | null
  badges: BadgeCode[]
  isModerator: boolean
  isAdmin: boolean
  /** Premium as it holds now (flag set and not expired). */
  isPremium: boolean
}

/** GET /api/admin/users-with-badges */
export type AdminUserPage = {
  users: AdminUserSummary[]
  totalDocs: number
  totalPages: number
  page: number
  limit: number
}

/** What the badge and moderator writes answer: the member after the change, and whether anything changed. */
export type AdminUserChange = { success: true; changed: boolean; user: AdminUserSummary }

import type { Access } from 'payload'

import { userHasPremium } from '../services/premium-gate/premium'
import { requestUser, userIsAdmin, userIsModerator } from './roles'

type Id = number | string
type Actor = { id: Id; isAdmin?: boolean | null; isModerator?: boolean | null } | null | undefined

/** Rows that belong to a member (bookmarks, likes, reactions): admins see all, a member only theirs. */
export const ownRowsOrAdmin =
  (field = 'user'): Access =>
  ({ req }) => {
    const user = requestUser(req)
    if (!user) return false
    if (userIsAdmin(user)) return true
    return { [field]: { equals: user.id } }
  }

/** Who may delete a comment: admins and moderators any, a member their own (SPEC §6). */
export const canDeleteComment = (user: Actor, comment: { author?: Id | { id: Id } | null }): boolean => {
  if (!user) return false
  if (userIsModerator(user)) return true
  const author = comment.author && typeof comment.author === 'object' ? comment.author.id : comment.author
  return author !== null && author !== undefined && String(author) === String(user.id)
}

/**
 * The collection rule behind canDeleteComment, as a row filter. Moderators remove one comment at
 * a time (a delete by id); a filtered bulk delete through REST reaches only their own comments.
 */
export const commentDeleteAccess: Access = ({ req, id }) => {
  const user = requestUser(req)
  if (!user) return false
  if (userIsAdmin(user)) return true
  if (userIsModerator(user) && id !== undefined && id !== null) return true
  return { author: { equals: user.id } }
}

/** Whether a member holds a Premium subscription right now (the Premium badge): the gate's userHasPremium. */
export const holdsPremium = (user: { isPremium?: boolean | null; premiumExpiresAt?: string | null } | null | undefined, now = new Date()) =>
  userHasPremium(user, now)

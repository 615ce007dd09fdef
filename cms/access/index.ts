import type { Access, FieldAccess, Where } from 'payload'

import { isReadByLink, listedVideosWhere, viewableVideosWhere } from '../services/premium-gate/playable'
import { requestUser, userIsAdmin } from './roles'

export const anyone: Access = () => true

/** No REST or admin door at all, admins included: rows written only by services. */
export const nobody: Access = () => false

export const authenticated: Access = ({ req }) => Boolean(requestUser(req))

export const isAdmin: Access = ({ req }) => userIsAdmin(requestUser(req))

/** Admins see every row; a member sees only their own user row. */
export const adminOrSelf: Access = ({ req }) => {
  const user = requestUser(req)
  if (!user) return false
  if (userIsAdmin(user)) return true
  return { id: { equals: user.id } }
}

/** Visitors and members read published rows only; admins read drafts too. */
export const publishedOrAdmin: Access = ({ req }) => {
  if (userIsAdmin(requestUser(req))) return true
  return { status: { equals: 'published' } }
}

/**
 * Videos: admins read every row. Everyone else reads the listed ones (public, published by now,
 * playing); a read that names one video by its link (`context: VIDEO_BY_LINK`: the video page, the
 * JSON API, its comments and views) also reaches an unlisted one, never a private or scheduled one,
 * one the YouTube sync found removed from YouTube, or an upload that does not play yet.
 */
export const onSiteOrAdmin: Access = ({ req }) => {
  if (userIsAdmin(requestUser(req))) return true
  return { and: [{ youtubeRemovedAt: { exists: false } }, isReadByLink(req.context) ? viewableVideosWhere() : listedVideosWhere()] }
}

/** Announcements that are switched on, started (no start time, or one passed) and not yet expired (spec §4). */
export function activeAnnouncementWhere(now: Date = new Date()): Where {
  return {
    and: [
      { isActive: { equals: true } },
      { or: [{ startsAt: { exists: false } }, { startsAt: { less_than_equal: now.toISOString() } }] },
      { or: [{ expiresAt: { exists: false } }, { expiresAt: { greater_than: now.toISOString() } }] },
    ],
  }
}

/** Admins read every announcement; everyone else, through any door, only what the banner shows. */
export const activeOrAdmin: Access = ({ req }) => (userIsAdmin(requestUser(req)) ? true : activeAnnouncementWhere())

/** Field guard for the flags a member must never write (isAdmin, points, badges…). */
export const isAdminField: FieldAccess = ({ req }) => userIsAdmin(requestUser(req))

/** Field guard for private fields: the owner and admins read them, nobody else. */
export const adminOrSelfField: FieldAccess = ({ req, id, doc }) => {
  const user = requestUser(req)
  if (!user) return false
  if (userIsAdmin(user)) return true
  const rowId = id ?? (doc as { id?: number | string } | undefined)?.id
  return rowId !== undefined && String(rowId) === String(user.id)
}

import type { Payload } from 'payload'

import { CANNOT_DELETE_COMMENT, COMMENT_NOT_FOUND } from '../../../shared/member-messages'
import { parseRowId } from '../../../shared/schemas/content-query'
import { canDeleteComment } from '../../access/members'
import { deleteOrNotFound, forbidden, notFound, rowExists, unauthorized } from '../errors'
import type { Viewer } from './list'

/** A comment id from a URL, or null (answered as not found). */
export const parseCommentId = parseRowId

export async function findComment(payload: Payload, id: number | null, user: Viewer) {
  if (id === null) throw notFound(COMMENT_NOT_FOUND)
  const comment = await payload.findByID({
    collection: 'comments',
    id,
    depth: 0,
    disableErrors: true,
    user,
    overrideAccess: false,
  })
  if (!comment) throw notFound(COMMENT_NOT_FOUND)
  return comment
}

/**
 * DELETE /api/comments/{id}: the author, a moderator or an admin (SPEC §6). Anyone else gets 403,
 * logged as a denied action; the collection's delete rule enforces the same thing again.
 */
export async function deleteComment(payload: Payload, { id, user }: { id: number | null; user: Viewer }) {
  if (!user) throw unauthorized()
  const comment = await findComment(payload, id, user)
  if (!canDeleteComment(user, comment)) {
    payload.logger.warn({ event: 'comment_delete_denied', userId: user.id, commentId: comment.id }, 'comment delete refused')
    throw forbidden(CANNOT_DELETE_COMMENT)
  }
  await deleteOrNotFound(
    () => payload.delete({ collection: 'comments', id: comment.id, user, overrideAccess: false }),
    () => rowExists(payload, 'comments', comment.id),
    COMMENT_NOT_FOUND,
  )
  return { id: comment.id, deleted: true as const }
}

import type { CollectionAfterDeleteHook, CollectionBeforeDeleteHook, CollectionConfig } from 'payload'

import { isAdmin, isAdminField } from '../access'
import { ofOpenVideos } from '../access/gate'
import { commentDeleteAccess } from '../access/members'
import { requestUser } from '../access/roles'
import { revokeCommentAward } from '../services/points/events'

/** Every delete of a comment says who removed which comment, by whose hand it was written (HOUSE rule 11). */
const logCommentDelete: CollectionAfterDeleteHook = ({ req, doc }) => {
  const user = requestUser(req)
  const author = doc.author && typeof doc.author === 'object' ? doc.author.id : (doc.author ?? null)
  const video = doc.video && typeof doc.video === 'object' ? doc.video.id : doc.video
  const own = user !== null && author !== null && String(author) === String(user.id)
  // An audit line: written whatever LOG_LEVEL says.
  req.payload.logger.child({ audit: true }, { level: 'info' }).info(
    {
      event: own ? 'comment_deleted_by_author' : 'comment_moderated',
      by: user ? { id: user.id, username: user.username, admin: Boolean(user.isAdmin), moderator: Boolean(user.isModerator) } : 'system',
      comment: { id: doc.id, video, author, authorName: doc.authorName },
    },
    own ? 'comment deleted by its author' : 'comment deleted by a moderator or admin',
  )
}

/**
 * A removed comment gives back its comment_post points, in the delete's transaction, whoever
 * removed it (a moderator, an admin, or its author: otherwise post-delete-repost would farm points).
 */
const revokeCommentPoints: CollectionAfterDeleteHook = async ({ req, doc }) => {
  await revokeCommentAward(req.payload, { req, commentId: doc.id })
}

/**
 * Replies go with their comment, each through its own delete so its points are taken back and the
 * removal logged (a foreign-key cascade would skip both). Same request, same transaction. The
 * caller was already allowed to delete the parent; its replies follow whoever wrote them.
 */
const deleteReplies: CollectionBeforeDeleteHook = async ({ req, id }) => {
  await req.payload.delete({ collection: 'comments', where: { parent: { equals: id } }, req, overrideAccess: true, depth: 0 })
}

export const Comments: CollectionConfig = {
  slug: 'comments',
  admin: { useAsTitle: 'authorName', defaultColumns: ['authorName', 'video', 'createdAt'], group: 'Community' },
  // Comments are posted through POST /api/videos/{id}/comments, which validates and rate-limits;
  // members delete their own (moderators and admins any) through DELETE /api/comments/{id}.
  // Read: the discussion of a video goes with it (the premium gate): none of a video the reader cannot open.
  access: { read: ofOpenVideos('video'), create: isAdmin, update: isAdmin, delete: commentDeleteAccess },
  defaultSort: '-createdAt',
  hooks: { beforeDelete: [deleteReplies], afterDelete: [logCommentDelete, revokeCommentPoints] },
  fields: [
    { name: 'video', type: 'relationship', relationTo: 'videos', required: true, index: true },
    // The member account that wrote it (set by the server, never from the body); empty for visitors.
    { name: 'author', type: 'relationship', relationTo: 'users', index: true },
    { name: 'authorName', type: 'text', required: true, maxLength: 100 },
    // Never shown to anyone but admins.
    { name: 'authorEmail', type: 'email', access: { read: isAdminField } },
    { name: 'content', type: 'textarea', required: true, maxLength: 2000 },
    // A reply's top-level comment (one level deep: a reply to a reply is stored under the same top).
    { name: 'parent', type: 'relationship', relationTo: 'comments', index: true },
  ],
  // Its likes, reactions and votes are deleted with it (ON DELETE CASCADE, migration member_interactions);
  // its replies by the beforeDelete hook above.
}

import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access'
import { ownRowsOrAdmin } from '../access/members'

/** One heart per member per comment (SPEC §4 Comment like): the unique index makes it so. */
export const CommentLikes: CollectionConfig = {
  slug: 'comment-likes',
  admin: { defaultColumns: ['comment', 'user', 'createdAt'], group: 'Community' },
  // Written only by POST /api/comments/{id}/like (rate-limited, insert-or-ignore).
  access: { read: ownRowsOrAdmin(), create: isAdmin, update: isAdmin, delete: isAdmin },
  // Unique (comment_id, user_id): comment_likes_comment_user_unique, made in the migration.
  fields: [
    { name: 'comment', type: 'relationship', relationTo: 'comments', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
  ],
}

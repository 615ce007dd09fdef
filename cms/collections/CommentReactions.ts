import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access'
import { ownRowsOrAdmin } from '../access/members'

/** Emoji reactions: at most one row per member, comment and emoji (toggled on and off). */
export const CommentReactions: CollectionConfig = {
  slug: 'comment-reactions',
  admin: { defaultColumns: ['comment', 'user', 'emoji', 'createdAt'], group: 'Community' },
  // Written only by POST /api/comments/{id}/reactions (rate-limited; emoji from shared/reactions).
  access: { read: ownRowsOrAdmin(), create: isAdmin, update: isAdmin, delete: isAdmin },
  // Unique (comment_id, user_id, emoji): comment_reactions_comment_user_emoji_unique (migration).
  // Votes are the reserved emojis 👍 and 👎 (cms/services/comments/votes.ts): one of the two per
  // member and comment, by the partial unique index comment_reactions_vote_unique (migration comment_votes_replies).
  fields: [
    { name: 'comment', type: 'relationship', relationTo: 'comments', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'emoji', type: 'text', required: true, maxLength: 16 },
  ],
}

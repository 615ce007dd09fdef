import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access'
import { ownRowsOrAdmin } from '../access/members'

/**
 * A member's saved video or post (SPEC §3 Bookmark). contentId is the video's videoId or the
 * post's slug; title and thumbnail are copied from that record when the bookmark is made.
 */
export const Bookmarks: CollectionConfig = {
  slug: 'bookmarks',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'contentType', 'user', 'createdAt'], group: 'Community' },
  // Made only through POST /api/bookmarks (insert-or-ignore on the unique index below).
  access: { read: ownRowsOrAdmin(), create: isAdmin, update: isAdmin, delete: ownRowsOrAdmin() },
  defaultSort: '-createdAt',
  // Unique (user_id, content_type, content_id): bookmarks_user_content_unique (migration).
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    {
      name: 'contentType',
      type: 'select',
      required: true,
      options: [
        { label: 'Video', value: 'video' },
        { label: 'Blog post', value: 'blog_post' },
      ],
    },
    { name: 'contentId', type: 'text', required: true, maxLength: 255 },
    { name: 'title', type: 'text', required: true, maxLength: 300 },
    { name: 'thumbnailUrl', type: 'text', maxLength: 2048 },
  ],
}

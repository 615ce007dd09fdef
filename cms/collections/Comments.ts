import type { CollectionConfig } from 'payload'

import { anyone, isAdmin, isAdminField } from '../access'
import { commentDeleteAccess } from '../access/members'

export const Comments: CollectionConfig = {
  slug: 'comments',
  admin: { useAsTitle: 'authorName', defaultColumns: ['authorName', 'video', 'createdAt'] },
  // Comments are posted through POST /api/videos/{id}/comments, which validates and rate-limits;
  // members delete their own (moderators and admins any) through DELETE /api/comments/{id}.
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: commentDeleteAccess },
  defaultSort: '-createdAt',
  fields: [
    { name: 'video', type: 'relationship', relationTo: 'videos', required: true, index: true },
    // The member account that wrote it (set by the server, never from the body); empty for visitors.
    { name: 'author', type: 'relationship', relationTo: 'users', index: true },
    { name: 'authorName', type: 'text', required: true, maxLength: 100 },
    // Never shown to anyone but admins.
    { name: 'authorEmail', type: 'email', access: { read: isAdminField } },
    { name: 'content', type: 'textarea', required: true, maxLength: 2000 },
  ],
  // Its likes and reactions are deleted with it (ON DELETE CASCADE, migration member_interactions).
}

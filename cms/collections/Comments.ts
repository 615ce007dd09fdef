import type { CollectionConfig } from 'payload'

import { anyone, isAdmin, isAdminField } from '../access'

export const Comments: CollectionConfig = {
  slug: 'comments',
  admin: { useAsTitle: 'authorName', defaultColumns: ['authorName', 'video', 'createdAt'] },
  // Comments are posted through POST /api/videos/{id}/comments, which validates and rate-limits.
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-createdAt',
  fields: [
    { name: 'video', type: 'relationship', relationTo: 'videos', required: true, index: true },
    { name: 'author', type: 'relationship', relationTo: 'users', index: true },
    { name: 'authorName', type: 'text', required: true, maxLength: 100 },
    // Never shown to anyone but admins.
    { name: 'authorEmail', type: 'email', access: { read: isAdminField } },
    { name: 'content', type: 'textarea', required: true, maxLength: 2000 },
  ],
}

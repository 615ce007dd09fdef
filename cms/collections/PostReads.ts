import type { CollectionConfig } from 'payload'

import { isAdmin, nobody } from '../access'

/**
 * When a member first opened a published post (its page or its API read), on the server's clock:
 * the evidence behind blog_read. Kept by cms/services/points/evidence.ts.
 */
export const PostReads: CollectionConfig = {
  slug: 'post-reads',
  admin: { group: 'Gamification', hidden: true },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['user', 'post'], unique: true }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true },
    { name: 'post', type: 'relationship', relationTo: 'posts', required: true },
    { name: 'openedAt', type: 'date', required: true },
  ],
  timestamps: true,
}

import type { CollectionConfig } from 'payload'

import { anyone, isAdmin } from '../access'

/** A post's tag with its relevance (SPEC §3 Blog post tags), set by an editor here or by the seed. */
export const PostTags: CollectionConfig = {
  slug: 'post-tags',
  admin: { defaultColumns: ['post', 'tag', 'relevanceScore'], group: 'For You' },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  indexes: [{ fields: ['post', 'tag'], unique: true }],
  fields: [
    { name: 'post', type: 'relationship', relationTo: 'posts', required: true, index: true },
    { name: 'tag', type: 'relationship', relationTo: 'content-tags', required: true, index: true },
    { name: 'relevanceScore', type: 'number', required: true, defaultValue: 1, min: 0, max: 1 },
  ],
}

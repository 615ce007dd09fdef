import type { CollectionConfig } from 'payload'

import { anyone, isAdmin } from '../access'

/**
 * A video's tag with its relevance (SPEC §3 Video tags). Rows from the video's own `tags` field
 * are kept in step with it (source `tags`); rows added here by an editor are theirs to keep.
 */
export const VideoTags: CollectionConfig = {
  slug: 'video-tags',
  admin: { defaultColumns: ['video', 'tag', 'relevanceScore', 'source'], group: 'For You' },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  indexes: [{ fields: ['video', 'tag'], unique: true }],
  fields: [
    { name: 'video', type: 'relationship', relationTo: 'videos', required: true, index: true },
    { name: 'tag', type: 'relationship', relationTo: 'content-tags', required: true, index: true },
    { name: 'relevanceScore', type: 'number', required: true, defaultValue: 1, min: 0, max: 1 },
    {
      name: 'source',
      type: 'select',
      required: true,
      defaultValue: 'editor',
      options: [
        { label: 'Editor', value: 'editor' },
        { label: "The video's tags", value: 'tags' },
      ],
      admin: { readOnly: true },
    },
  ],
}

import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { anyone, isAdmin } from '../access'

export const Media: CollectionConfig = {
  slug: 'media',
  // The creator's images. Members' pictures live apart, in `avatars` (cms/collections/Avatars.ts).
  admin: { group: 'Content' },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  upload: {
    staticDir: path.resolve(process.env.DATA_DIR ?? '.data', 'media'),
    mimeTypes: ['image/*'],
    imageSizes: [
      { name: 'thumbnail', width: 400, height: 225, position: 'centre' },
      { name: 'square', width: 256, height: 256, position: 'centre' },
    ],
    adminThumbnail: 'thumbnail',
  },
  fields: [{ name: 'alt', type: 'text', maxLength: 300 }],
}

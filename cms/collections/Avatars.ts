import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { anyone, isAdmin } from '../access'
import { siteRelativeUrls } from '../hooks/site-relative-urls'

/**
 * Members' profile pictures, apart from the creator's Media library: made only by
 * POST /api/profile/picture (cms/services/profile), which checks and re-encodes each one to a
 * 512×512 WebP and deletes the one it replaces. Admins may remove one; nobody uploads here.
 */
export const Avatars: CollectionConfig = {
  slug: 'avatars',
  labels: { singular: 'Member picture', plural: 'Member pictures' },
  admin: {
    group: 'Community',
    description: "Members' profile pictures, uploaded from their profile pages. Delete one to take it down.",
    defaultColumns: ['filename', 'alt', 'createdAt'],
  },
  access: { read: anyone, create: () => false, update: isAdmin, delete: isAdmin },
  upload: {
    staticDir: path.resolve(process.env.DATA_DIR ?? '.data', 'avatars'),
    mimeTypes: ['image/webp'],
    adminThumbnail: ({ doc }) => (typeof doc.url === 'string' ? doc.url : null),
  },
  hooks: { afterRead: [siteRelativeUrls] },
  fields: [{ name: 'alt', type: 'text', maxLength: 300 }],
}

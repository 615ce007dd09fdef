import type { CollectionConfig } from 'payload'

import { nobody } from '../access'

/**
 * One row per (video, viewer, clock hour) that counted as a view (POST /api/videos/track-views).
 * The unique index is what makes counting idempotent: a second view in the same hour is an
 * insert that does nothing. Written only by cms/services/videos/track-view.ts.
 */
export const VideoViews: CollectionConfig = {
  slug: 'video-views',
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['video', 'viewerKey', 'hour'], unique: true }],
  fields: [
    { name: 'video', type: 'relationship', relationTo: 'videos', required: true },
    // 'user:<id>' for a member, 'visitor:<32 hex>' for a visitor's address range and browser family
    // under the day's salt ('visitor:<uuid>' in rows from when visitors had a viewer_id cookie).
    { name: 'viewerKey', type: 'text', required: true, maxLength: 64 },
    // The start of the clock hour (UTC) the view fell in.
    { name: 'hour', type: 'date', required: true, index: true },
  ],
}

import type { CollectionConfig } from 'payload'

import { nobody } from '../access'

/**
 * Who is watching a stream now: one row per (stream, viewer), its lastSeenAt moved on by the
 * player's playlist requests (cms/services/live/viewers). Shared by every server process.
 */
export const LiveStreamViewers: CollectionConfig = {
  slug: 'live-stream-viewers',
  admin: { hidden: true },
  access: { read: nobody, create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['stream', 'viewerKey'], unique: true }],
  fields: [
    { name: 'stream', type: 'relationship', relationTo: 'live-streams', required: true },
    { name: 'viewerKey', type: 'text', required: true, maxLength: 64 },
    { name: 'lastSeenAt', type: 'date', required: true, index: true },
  ],
}

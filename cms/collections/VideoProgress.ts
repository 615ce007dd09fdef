import type { CollectionConfig } from 'payload'

import { isAdmin, nobody } from '../access'

/**
 * How much of a video the server saw a member play (POST /api/videos/{videoId}/progress beats):
 * the evidence behind video_complete. Only forward moves that fit the real time between beats
 * count, so seeking to the end earns nothing. Kept by cms/services/points/evidence.ts.
 */
export const VideoProgress: CollectionConfig = {
  slug: 'video-progress',
  admin: { group: 'Gamification', hidden: true },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['user', 'video'], unique: true }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true },
    { name: 'video', type: 'relationship', relationTo: 'videos', required: true },
    { name: 'lastPosition', type: 'number', required: true, defaultValue: 0 },
    { name: 'coveredSeconds', type: 'number', required: true, defaultValue: 0 },
    { name: 'lastBeatAt', type: 'date', required: true },
  ],
  timestamps: true,
}

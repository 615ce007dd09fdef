import type { CollectionConfig } from 'payload'

import { DB_COLUMN_LIMITS } from '../../shared/constants'
import { isAdmin, nobody } from '../access'

const recorded = { readOnly: true }

/**
 * Watch time per video per visitor-day (SPEC §3 video_analytics), from the player's progress
 * beats (POST /api/videos/{videoId}/progress, members): `watchTime` adds the seconds of real
 * playback each beat covered, `completed` is set by the beat that crossed 80 % of the video (of the played file when shorter), `reached` marks the twentieths played.
 * Kept by cms/services/points/evidence.ts in the beat's own statement. Read-only here.
 */
export const VideoAnalytics: CollectionConfig = {
  slug: 'video-analytics',
  labels: { singular: 'Video watch', plural: 'Video watches' },
  admin: {
    group: 'Analytics',
    useAsTitle: 'videoId',
    defaultColumns: ['timestamp', 'videoId', 'user', 'watchTime', 'completed'],
    description: 'How much of each video members played, per visit. Read-only.',
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-timestamp',
  indexes: [{ fields: ['sessionId', 'videoId'], unique: true }],
  fields: [
    { name: 'videoId', type: 'text', required: true, maxLength: 64, admin: { ...recorded, description: 'The video’s public id (as in /video/{videoId}).' } },
    { name: 'sessionId', type: 'text', required: true, maxLength: DB_COLUMN_LIMITS.sessionId, admin: recorded },
    { name: 'user', type: 'relationship', relationTo: 'users', admin: recorded },
    { name: 'watchTime', type: 'number', required: true, defaultValue: 0, min: 0, admin: { ...recorded, description: 'Seconds of the video covered by real playback.' } },
    { name: 'completed', type: 'checkbox', defaultValue: false, admin: { ...recorded, description: 'Crossed 80 % of the video (or of its shorter played file) in this visit.' } },
    {
      name: 'reached',
      type: 'number',
      defaultValue: 0,
      min: 0,
      admin: { ...recorded, description: 'Which twentieths of the video this visit played (bit i: from i × 5 % to (i + 1) × 5 %): the retention curve.' },
    },
    { name: 'timestamp', type: 'date', required: true, index: true, admin: { ...recorded, description: 'The latest beat.', date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: false,
}

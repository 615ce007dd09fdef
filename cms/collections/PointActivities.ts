import type { CollectionConfig } from 'payload'

import { POINT_ACTIVITY_TYPES } from '../../shared/constants'
import { nobody } from '../access'
import { ownRowsOrAdmin } from '../access/members'

/**
 * The points ledger (SPEC §3 Point activity): append-only, the truth behind a member's points,
 * level, streak, achievements and leaderboard totals. Written only by cms/services/points in the
 * transaction of the event that earned the points; a take-back is a negative row, never an edit.
 */
export const PointActivities: CollectionConfig = {
  slug: 'point-activities',
  admin: {
    group: 'Gamification',
    useAsTitle: 'description',
    defaultColumns: ['user', 'activityType', 'points', 'description', 'createdAt'],
    description: 'Every award and take-back, as the site recorded it. Read-only.',
  },
  access: { read: ownRowsOrAdmin(), create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  // (user, activityType, createdAt): daily caps and per-type counts; (user, createdAt): recent activity.
  indexes: [{ fields: ['user', 'activityType', 'createdAt'] }, { fields: ['user', 'createdAt'] }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true },
    { name: 'activityType', type: 'select', required: true, options: POINT_ACTIVITY_TYPES.map((value) => ({ label: value, value })) },
    // Negative for a take-back (a removed comment); 0 for an event row (level_up).
    { name: 'points', type: 'number', required: true },
    { name: 'contentType', type: 'text', maxLength: 32 },
    { name: 'contentId', type: 'text', maxLength: 255 },
    { name: 'description', type: 'text', required: true, maxLength: 500 },
    { name: 'metadata', type: 'json', admin: { readOnly: true, components: { Field: '/components/JsonView#JsonView' } } },
    // What makes an award happen once: 'login:42:2026-11-25', 'comment_post:comment:17'… (see cms/services/points/README.md).
    { name: 'idempotencyKey', type: 'text', required: true, unique: true, maxLength: 255 },
  ],
  timestamps: true,
}

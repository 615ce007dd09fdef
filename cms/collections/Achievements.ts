import type { CollectionConfig } from 'payload'

import { ACHIEVEMENT_CATEGORIES, POINT_ACTIVITY_TYPES, RARITIES } from '../../shared/constants'
import { isAdmin } from '../access'
import { ACHIEVEMENT_METRICS } from '../services/points/achievement-rules'

/**
 * What a member can unlock (SPEC §3 Achievement), edited by admins. Read through GET
 * /api/achievements only, which hides a secret one's title and description until it is unlocked.
 */
export const Achievements: CollectionConfig = {
  slug: 'achievements',
  admin: {
    group: 'Gamification',
    useAsTitle: 'title',
    defaultColumns: ['title', 'category', 'rarity', 'metric', 'targetCount', 'isSecret'],
  },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'name', type: 'text', required: true, unique: true, maxLength: 100, admin: { description: 'A stable code, e.g. first_comment.' } },
    { name: 'title', type: 'text', required: true, maxLength: 100 },
    { name: 'description', type: 'textarea', required: true, maxLength: 500 },
    { name: 'icon', type: 'text', maxLength: 50, admin: { description: 'An emoji or icon name.' } },
    { name: 'color', type: 'text', maxLength: 20 },
    {
      name: 'metric',
      type: 'select',
      required: true,
      defaultValue: 'activity_count',
      options: ACHIEVEMENT_METRICS.map((value) => ({ label: value, value })),
      admin: {
        description:
          'activity_count: awards of the activity type below; streak: days in a row; level: level reached; total_points: points earned (Points required); member_number: joined among the first N members.',
      },
    },
    { name: 'activityType', type: 'select', options: POINT_ACTIVITY_TYPES.map((value) => ({ label: value, value })) },
    { name: 'targetCount', type: 'number', min: 1, admin: { description: 'How many (awards, days, the level, the member number) unlock it.' } },
    { name: 'pointsRequired', type: 'number', min: 0, admin: { description: 'For total_points: the points earned that unlock it.' } },
    { name: 'badge', type: 'text', maxLength: 50 },
    { name: 'isSecret', type: 'checkbox', defaultValue: false, admin: { description: 'Title and description stay hidden until unlocked.' } },
    { name: 'rarity', type: 'select', required: true, defaultValue: 'common', options: RARITIES.map((value) => ({ label: value, value })) },
    { name: 'category', type: 'select', required: true, defaultValue: 'engagement', options: ACHIEVEMENT_CATEGORIES.map((value) => ({ label: value, value })) },
  ],
}

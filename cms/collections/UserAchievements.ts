import type { CollectionConfig } from 'payload'

import { nobody } from '../access'
import { ownRowsOrAdmin } from '../access/members'

/** A member's progress towards, and unlock of, one achievement (SPEC §3 User achievement). Kept by cms/services/points. */
export const UserAchievements: CollectionConfig = {
  slug: 'user-achievements',
  admin: { group: 'Gamification', defaultColumns: ['user', 'achievement', 'progress', 'unlockedAt'], description: 'Kept by the site. Read-only.' },
  access: { read: ownRowsOrAdmin(), create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['user', 'achievement'], unique: true }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true },
    { name: 'achievement', type: 'relationship', relationTo: 'achievements', required: true },
    { name: 'progress', type: 'number', defaultValue: 0, min: 0 },
    { name: 'unlockedAt', type: 'date', index: true },
    { name: 'isNotified', type: 'checkbox', defaultValue: false },
  ],
  timestamps: true,
}

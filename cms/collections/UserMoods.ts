import type { CollectionConfig } from 'payload'

import { MOOD, MOODS } from '../../shared/constants'
import { isAdmin } from '../access'
import { ownRowsOrAdmin } from '../access/members'

/** How a member said they feel (SPEC §3 User mood); made only through POST /api/user/mood. */
export const UserMoods: CollectionConfig = {
  slug: 'user-moods',
  admin: { defaultColumns: ['user', 'mood', 'intensity', 'createdAt'], group: 'For You' },
  access: { read: ownRowsOrAdmin(), create: isAdmin, update: isAdmin, delete: ownRowsOrAdmin() },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['user', 'createdAt'] }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true },
    { name: 'mood', type: 'select', required: true, options: MOODS.map((value) => ({ label: value, value })) },
    { name: 'intensity', type: 'number', required: true, defaultValue: MOOD.intensityDefault, min: MOOD.intensityMin, max: MOOD.intensityMax },
    { name: 'context', type: 'textarea', maxLength: MOOD.contextMax },
  ],
}

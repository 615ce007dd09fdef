import type { CollectionConfig } from 'payload'

import { MOODS, RECOMMENDATION_FEEDBACK, RECOMMENDATION_TYPES } from '../../shared/constants'
import { isAdmin } from '../access'
import { ownRowsOrAdmin } from '../access/members'

const options = (values: readonly string[]) => values.map((value) => ({ label: value, value }))

/**
 * One item recommended to a member (SPEC §3 Recommendation), written only by
 * cms/services/recommendations; the member's feedback on it teaches the next generation.
 */
export const Recommendations: CollectionConfig = {
  slug: 'recommendations',
  admin: { defaultColumns: ['user', 'contentType', 'recommendationType', 'score', 'feedback', 'createdAt'], group: 'For You' },
  access: { read: ownRowsOrAdmin(), create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['user', 'createdAt'] }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true },
    { name: 'contentType', type: 'select', required: true, options: [{ label: 'Video', value: 'video' }, { label: 'Blog post', value: 'blog_post' }] },
    { name: 'video', type: 'relationship', relationTo: 'videos', index: true },
    { name: 'post', type: 'relationship', relationTo: 'posts', index: true },
    { name: 'recommendationType', type: 'select', required: true, options: options(RECOMMENDATION_TYPES) },
    { name: 'score', type: 'number', required: true, min: 0, max: 1 },
    { name: 'reason', type: 'text', required: true, maxLength: 300 },
    { name: 'moodContext', type: 'select', options: options(MOODS) },
    { name: 'isViewed', type: 'checkbox', defaultValue: false },
    { name: 'isInteracted', type: 'checkbox', defaultValue: false },
    { name: 'feedback', type: 'select', options: options(RECOMMENDATION_FEEDBACK) },
    { name: 'expiresAt', type: 'date', required: true, index: true },
  ],
}

import type { CollectionConfig } from 'payload'

import { DB_COLUMN_LIMITS } from '../../shared/constants'
import { isAdmin, nobody } from '../access'

const recorded = { readOnly: true }

/**
 * One row per visitor-day (SPEC §3 user_sessions): the session id of page_views, when it began
 * and last loaded a page, how many pages, and whether a (premium) member was signed in. Kept by
 * cms/services/analytics from the same batches as the page views. Read-only here.
 */
export const UserSessions: CollectionConfig = {
  slug: 'user-sessions',
  labels: { singular: 'Session', plural: 'Sessions' },
  admin: {
    group: 'Analytics',
    useAsTitle: 'sessionId',
    defaultColumns: ['startTime', 'user', 'isAuthenticated', 'isPremium', 'totalPageViews', 'totalDuration'],
    description: 'Visits, one per browser per day. Read-only.',
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-startTime',
  fields: [
    { name: 'sessionId', type: 'text', required: true, unique: true, maxLength: DB_COLUMN_LIMITS.sessionId, admin: recorded },
    { name: 'user', type: 'relationship', relationTo: 'users', admin: { ...recorded, description: 'The member signed in during the visit, if any.' } },
    { name: 'isAuthenticated', type: 'checkbox', defaultValue: false, admin: recorded },
    { name: 'isPremium', type: 'checkbox', defaultValue: false, admin: recorded },
    { name: 'startTime', type: 'date', required: true, index: true, admin: { ...recorded, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'endTime', type: 'date', required: true, admin: { ...recorded, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'totalPageViews', type: 'number', required: true, defaultValue: 0, min: 0, admin: recorded },
    { name: 'totalDuration', type: 'number', required: true, defaultValue: 0, min: 0, admin: { ...recorded, description: 'Seconds from the first page to the last.' } },
  ],
  timestamps: false,
}

import type { CollectionConfig } from 'payload'

import { DB_COLUMN_LIMITS } from '../../shared/constants'
import { isAdmin, nobody } from '../access'

const recorded = { readOnly: true }

/**
 * Daily totals the dashboard reads instead of raw rows (cms/services/analytics/rollup.ts): once a
 * site day is over, one `site` row (all pages, sign-ups and new Premium), one `page` row per path
 * and one `video` row per video are written for it, once. Raw rows past the retention period are deleted only after
 * their day is here, so the dashboard keeps a year (and more) of history at a few thousand rows.
 */
export const AnalyticsDaily: CollectionConfig = {
  slug: 'analytics-daily',
  labels: { singular: 'Daily total', plural: 'Daily totals' },
  admin: {
    group: 'Analytics',
    useAsTitle: 'key',
    defaultColumns: ['day', 'kind', 'key', 'views', 'sessions', 'watchTime'],
    description: 'Per-day totals kept after raw page views are deleted. Read-only.',
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-day',
  // (kind, day, key): one row per thing per day (the rollup's "once"), and the dashboard's range scans.
  indexes: [{ fields: ['kind', 'day', 'key'], unique: true }],
  fields: [
    { name: 'day', type: 'text', required: true, maxLength: 10, admin: { ...recorded, description: 'The site day (New York), YYYY-MM-DD.' } },
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: [
        { label: 'Whole site', value: 'site' },
        { label: 'Page', value: 'page' },
        { label: 'Video watching', value: 'video' },
        { label: 'Referring site', value: 'referrer' },
        { label: 'Device', value: 'device' },
      ],
      admin: recorded,
    },
    { name: 'key', type: 'text', required: true, maxLength: DB_COLUMN_LIMITS.path, defaultValue: '', admin: { ...recorded, description: 'The path (page), the video id (video), the referring host (referrer; empty: direct), the device type (device) or empty (site).' } },
    { name: 'views', type: 'number', defaultValue: 0, min: 0, admin: { ...recorded, description: 'Page views.' } },
    { name: 'sessions', type: 'number', defaultValue: 0, min: 0, admin: { ...recorded, description: 'Distinct visitor-days.' } },
    { name: 'signedInSessions', type: 'number', defaultValue: 0, min: 0, admin: recorded },
    { name: 'timeOnPage', type: 'number', defaultValue: 0, min: 0, admin: { ...recorded, description: 'Seconds.' } },
    { name: 'watchTime', type: 'number', defaultValue: 0, min: 0, admin: { ...recorded, description: 'Seconds (video rows).' } },
    { name: 'completions', type: 'number', defaultValue: 0, min: 0, admin: recorded },
    { name: 'retention', type: 'json', admin: { ...recorded, description: 'Video rows: visits that reached each 5 % of the video (20 counts).' } },
    { name: 'signUps', type: 'number', defaultValue: 0, min: 0, admin: { ...recorded, description: 'Accounts created that day (site rows).' } },
    { name: 'newPremium', type: 'number', defaultValue: 0, min: 0, admin: { ...recorded, description: 'PayPal subscriptions activated that day (site rows).' } },
  ],
  timestamps: false,
}

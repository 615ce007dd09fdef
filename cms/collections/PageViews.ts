import type { CollectionConfig } from 'payload'

import { DB_COLUMN_LIMITS } from '../../shared/constants'
import { DEVICE_LABELS, DEVICE_TYPES } from '../../shared/analytics-sources'
import { isAdmin, nobody } from '../access'

const recorded = { readOnly: true }

/**
 * One row per page a person loaded (SPEC §3 page_views; §9 column limits): recorded by the server
 * for every HTML page it answered with a 2xx, cached pages included, bots and /api, /cms, /media
 * and files never. Written in batches by cms/services/analytics (recorder.ts); older than the
 * retention period, rows are folded into analytics-daily and deleted (rollup.ts). Read-only here.
 */
export const PageViews: CollectionConfig = {
  slug: 'page-views',
  labels: { singular: 'Page view', plural: 'Page views' },
  admin: {
    group: 'Analytics',
    useAsTitle: 'path',
    defaultColumns: ['timestamp', 'path', 'user', 'referrer', 'duration'],
    description: 'Pages people loaded, as the server recorded them (bots left out, addresses cut to their network). Read-only.',
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-timestamp',
  // (timestamp): today's figures, the daily rollup and retention; (sessionId, timestamp): time on page.
  indexes: [{ fields: ['sessionId', 'timestamp'] }],
  fields: [
    { name: 'sessionId', type: 'text', required: true, maxLength: DB_COLUMN_LIMITS.sessionId, admin: { ...recorded, description: 'The visitor-day: a hash of the network address and browser under a salt that changes daily.' } },
    { name: 'user', type: 'relationship', relationTo: 'users', admin: { ...recorded, description: 'The signed-in member, if any.' } },
    { name: 'path', type: 'text', required: true, maxLength: DB_COLUMN_LIMITS.path, admin: recorded },
    // The column keeps its SPEC name; what it holds is the browser family (analytics/browser.ts).
    { name: 'userAgent', label: 'Browser', type: 'text', maxLength: DB_COLUMN_LIMITS.userAgent, admin: { ...recorded, description: 'The browser family (Chrome, Firefox, Safari, Edge, Opera, Samsung Internet or Other), not the full user agent.' } },
    { name: 'ipAddress', type: 'text', maxLength: DB_COLUMN_LIMITS.ipAddress, admin: { ...recorded, description: 'Truncated: IPv4 to its /24 (last number 0), IPv6 to its /48.' } },
    { name: 'referrer', type: 'text', maxLength: DB_COLUMN_LIMITS.referrer, admin: { ...recorded, description: 'The page the visitor came from, without its query string.' } },
    { name: 'referrerHost', type: 'text', maxLength: 255, admin: { ...recorded, description: 'The referring site’s host name (www. dropped); empty when the visitor came directly. The dashboard groups these into traffic sources.' } },
    {
      name: 'device',
      type: 'select',
      options: DEVICE_TYPES.map((value) => ({ label: DEVICE_LABELS[value], value })),
      admin: { ...recorded, description: 'Desktop, mobile or tablet, read from the user agent when the page was recorded (the user agent itself is not kept).' },
    },
    { name: 'timestamp', type: 'date', required: true, index: true, admin: { ...recorded, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'duration', type: 'number', min: 0, admin: { ...recorded, description: 'Seconds until the same visitor’s next page (up to 30 minutes); empty for the last page of a visit.' } },
  ],
  timestamps: false,
}

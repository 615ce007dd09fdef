import type { CollectionConfig, DateField, Validate } from 'payload'

import { SITE_TIME_ZONE, SITE_TIME_ZONE_LABEL } from '../../shared/constants'
import { ANNOUNCEMENT_STARTS_AFTER_EXPIRY } from '../../shared/messages'
import { activeOrAdmin, isAdmin } from '../access'

/**
 * A date and time picked in the site's time zone (shared/constants.ts). Stored as a UTC instant;
 * Payload keeps the zone beside it (`{name}_tz`) and shows the picker in it.
 */
const siteTime = (name: string, description: string): DateField => ({
  name,
  type: 'date',
  index: true,
  timezone: { defaultTimezone: SITE_TIME_ZONE, supportedTimezones: [{ label: SITE_TIME_ZONE_LABEL, value: SITE_TIME_ZONE }] },
  admin: { date: { pickerAppearance: 'dayAndTime', timeIntervals: 15 }, description },
})

/** The start, when there is one, comes before the expiry: on every path (site API, REST, /cms). */
const beforeExpiry: Validate = (value, { siblingData }) => {
  const expiresAt = (siblingData as { expiresAt?: string | null }).expiresAt
  if (!value || !expiresAt) return true
  return new Date(value as string).getTime() < new Date(expiresAt).getTime() || ANNOUNCEMENT_STARTS_AFTER_EXPIRY
}

export const Announcements: CollectionConfig = {
  slug: 'announcements',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'type', 'isActive', 'startsAt', 'expiresAt'], group: 'Content' },
  access: { read: activeOrAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-createdAt',
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    {
      name: 'content',
      type: 'textarea',
      required: true,
      maxLength: 5000,
      admin: {
        rows: 6,
        description:
          'Plain text. Leave a blank line between paragraphs. Addresses (https://…) become links; to link words, write [the words](https://address or /page).',
      },
    },
    {
      name: 'type',
      type: 'select',
      required: true,
      defaultValue: 'general',
      options: ['general', 'urgent', 'update', 'event'].map((value) => ({ label: value, value })),
    },
    { name: 'isActive', type: 'checkbox', defaultValue: true, index: true, admin: { description: 'Untick to hide it now, whatever its times.' } },
    {
      ...siteTime('startsAt', 'Optional. It shows from this date and time, New York time; empty shows it straight away.'),
      validate: beforeExpiry,
    },
    siteTime('expiresAt', 'Optional. It stops showing at this date and time, New York time; empty keeps it up until you untick Is Active.'),
  ],
}

import type { DateField } from 'payload'

import { SITE_TIME_ZONE, SITE_TIME_ZONE_LABEL } from '../../shared/constants'

/**
 * `earlyAccessUntil` (posts and videos): until this date and time only Premium members and admins
 * can open the item; everyone else sees it listed with an 'Early access' label and a teaser saying
 * when it opens. Picked in the site's time zone, stored as a UTC instant; checked at read time by
 * the premium-gate service, so it opens by itself.
 */
export const earlyAccessField = (what: 'post' | 'video'): DateField => ({
  name: 'earlyAccessUntil',
  type: 'date',
  index: true,
  timezone: { defaultTimezone: SITE_TIME_ZONE, supportedTimezones: [{ label: SITE_TIME_ZONE_LABEL, value: SITE_TIME_ZONE }] },
  admin: {
    position: 'sidebar',
    date: { pickerAppearance: 'dayAndTime', timeIntervals: 15 },
    description: `Optional early access, New York time: until then only Premium members can ${what === 'post' ? 'read' : 'watch'} this ${what}; everyone else sees it listed with an 'Early access' label and the date it opens. It opens to everyone by itself at that time. Leave empty for no early access.`,
  },
})

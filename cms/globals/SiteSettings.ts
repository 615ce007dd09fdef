import type { GlobalConfig } from 'payload'

import { SITE_NAME } from '../../shared/constants'
import {
  canonicalTimeZone,
  isStoreUrl,
  isYoutubeHandle,
  SITE_DESCRIPTION_MAX,
  SITE_NAME_MAX,
  STORE_URL_INVALID,
  STORE_URL_MAX,
  TIME_ZONE_INVALID,
  validateSetting,
  YOUTUBE_HANDLE_INVALID,
} from '../../shared/schemas/site-settings'
import { anyone, isAdmin } from '../access'
import { followSiteTimeZoneSetting } from '../services/settings/time-zone'

/** Also edited at /admin → Settings (PUT /api/admin/settings), which checks the same rules. */
export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  access: { read: anyone, update: isAdmin },
  hooks: { afterChange: [followSiteTimeZoneSetting] },
  fields: [
    { name: 'siteName', type: 'text', required: true, maxLength: SITE_NAME_MAX, defaultValue: SITE_NAME, admin: { description: 'Shown in the header, the footer and page titles.' } },
    {
      name: 'siteDescription',
      type: 'textarea',
      maxLength: SITE_DESCRIPTION_MAX,
      admin: { description: "The footer's description and the pages' default search description. Empty: the built-in one." },
    },
    {
      name: 'creator',
      type: 'relationship',
      relationTo: 'users',
      admin: { description: "The creator's account: its comments carry the 'Creator' badge." },
    },
    {
      name: 'merchStoreUrl',
      type: 'text',
      maxLength: STORE_URL_MAX,
      validate: validateSetting(isStoreUrl, STORE_URL_INVALID),
      admin: { description: 'The external store (https://…): embedded on /merch, linked from the home page. Empty: /merch says the store is coming.' },
    },
    {
      name: 'youtubeHandle',
      type: 'text',
      maxLength: 100,
      validate: validateSetting(isYoutubeHandle, YOUTUBE_HANDLE_INVALID),
      admin: { description: 'Default channel handle for the YouTube import.' },
    },
    {
      name: 'supportEmail',
      type: 'email',
      label: 'Priority support email',
      admin: { description: "Premium's priority support: the address Premium members see on /premium, answered first." },
    },
    {
      name: 'timeZone',
      type: 'text',
      maxLength: 64,
      label: 'Site time zone',
      validate: validateSetting((v) => canonicalTimeZone(v) === v, TIME_ZONE_INVALID),
      admin: {
        description:
          "An IANA zone such as America/New_York: every date the site and /admin show, analytics days, leaderboard days, weeks and months, and every member's points days (login bonus, caps, streaks). Empty: SITE_TIME_ZONE, else America/New_York.",
      },
    },
  ],
}

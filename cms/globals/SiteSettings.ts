import type { GlobalConfig } from 'payload'

import { SITE_NAME } from '../../shared/constants'
import { anyone, isAdmin } from '../access'

export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  access: { read: anyone, update: isAdmin },
  fields: [
    { name: 'siteName', type: 'text', required: true, defaultValue: SITE_NAME },
    {
      name: 'creator',
      type: 'relationship',
      relationTo: 'users',
      admin: { description: "The creator's account: its comments carry the 'Creator' badge." },
    },
    { name: 'merchStoreUrl', type: 'text', maxLength: 500 },
    { name: 'youtubeHandle', type: 'text', maxLength: 100, admin: { description: 'Default channel handle for the YouTube import.' } },
    {
      name: 'supportEmail',
      type: 'email',
      label: 'Priority support email',
      admin: { description: "Premium's priority support: the address Premium members see on /premium, answered first." },
    },
  ],
}

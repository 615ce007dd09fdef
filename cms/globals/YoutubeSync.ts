import type { GlobalConfig } from 'payload'

import { isAdmin, nobody } from '../access'

/**
 * The YouTube import's last run (manual import or sync, or the 15-minute schedule), shown in
 * /admin → Content → YouTube import. Written by cms/services/youtube only.
 */
export const YoutubeSync: GlobalConfig = {
  slug: 'youtube-sync',
  label: 'YouTube sync status',
  admin: { group: 'Content', description: 'The last YouTube import or sync. Read-only: run them from /admin → Content → YouTube import.' },
  access: { read: isAdmin, update: nobody },
  fields: [
    {
      name: 'status',
      type: 'select',
      options: ['running', 'succeeded', 'failed', 'skipped'],
      admin: { readOnly: true },
    },
    { name: 'trigger', type: 'select', options: ['import', 'sync', 'schedule'], admin: { readOnly: true } },
    { name: 'channelHandle', type: 'text', maxLength: 100, admin: { readOnly: true } },
    { name: 'channelId', type: 'text', maxLength: 64, admin: { readOnly: true } },
    { name: 'channelTitle', type: 'text', maxLength: 200, admin: { readOnly: true } },
    { name: 'startedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'finishedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'imported', type: 'number', admin: { readOnly: true, description: 'Videos created or changed by the run.' } },
    { name: 'total', type: 'number', admin: { readOnly: true, description: 'Videos the channel has on YouTube.' } },
    { name: 'removed', type: 'number', admin: { readOnly: true, description: 'Videos newly found gone from YouTube (hidden from the site).' } },
    { name: 'error', type: 'textarea', admin: { readOnly: true, description: 'Why the run failed or was skipped.' } },
    {
      name: 'lastImportedHandle',
      type: 'text',
      maxLength: 100,
      admin: { readOnly: true, description: 'The channel of the last successful import: synced when the site settings name no channel.' },
    },
  ],
}

import type { CollectionConfig } from 'payload'

import { isAdmin, nobody } from '../access'

/** A member a moderator or admin muted in one stream's chat (cms/services/live/chat). */
export const LiveChatMutes: CollectionConfig = {
  slug: 'live-chat-mutes',
  admin: { hidden: true },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  indexes: [{ fields: ['stream', 'member'], unique: true }],
  fields: [
    { name: 'stream', type: 'relationship', relationTo: 'live-streams', required: true },
    { name: 'member', type: 'relationship', relationTo: 'users', required: true },
    { name: 'mutedBy', type: 'relationship', relationTo: 'users' },
  ],
}

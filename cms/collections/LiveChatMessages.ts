import type { CollectionConfig } from 'payload'

import { LIVE_CHAT_MESSAGE_MAX } from '../../shared/constants'
import { isAdmin, nobody } from '../access'

/**
 * The members' live chat beside a stream (cms/services/live/chat). Written only by that service;
 * admins read it in /cms. A deleted message keeps its row (deletedAt) so the record stays whole.
 */
export const LiveChatMessages: CollectionConfig = {
  slug: 'live-chat-messages',
  admin: { useAsTitle: 'body', defaultColumns: ['body', 'author', 'stream', 'createdAt', 'deletedAt'], group: 'Community' },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['stream', 'createdAt'] }],
  fields: [
    { name: 'stream', type: 'relationship', relationTo: 'live-streams', required: true, index: true },
    { name: 'author', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'body', type: 'text', required: true, maxLength: LIVE_CHAT_MESSAGE_MAX },
    { name: 'deletedAt', type: 'date' },
    { name: 'deletedBy', type: 'relationship', relationTo: 'users' },
  ],
}

import type { CollectionConfig } from 'payload'

import { activeOrAdmin, isAdmin } from '../access'

export const Announcements: CollectionConfig = {
  slug: 'announcements',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'type', 'isActive', 'expiresAt'], group: 'Content' },
  access: { read: activeOrAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-createdAt',
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'content', type: 'textarea', required: true, maxLength: 2000 },
    {
      name: 'type',
      type: 'select',
      required: true,
      defaultValue: 'general',
      options: ['general', 'urgent', 'update', 'event'].map((value) => ({ label: value, value })),
    },
    { name: 'isActive', type: 'checkbox', defaultValue: true, index: true },
    { name: 'expiresAt', type: 'date' },
  ],
}

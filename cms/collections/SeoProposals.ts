import type { CollectionConfig } from 'payload'

import { isAdmin, nobody } from '../access'

const recorded = { readOnly: true }

/**
 * What the SEO bot proposes for a video (cms/services/seo-bot): the creator accepts or rejects it
 * in /admin → SEO Bot, or the auto-accept setting applies it at once. Written only by the service;
 * admins read it here. At most one pending proposal per video (a partial unique index).
 */
export const SeoProposals: CollectionConfig = {
  slug: 'seo-proposals',
  labels: { singular: 'SEO proposal', plural: 'SEO proposals' },
  admin: {
    group: 'SEO bot',
    defaultColumns: ['video', 'status', 'provider', 'createdAt'],
    description: "The SEO bot's proposals for videos' search fields. Accept or reject them in /admin → SEO Bot.",
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: isAdmin },
  defaultSort: '-createdAt',
  fields: [
    { name: 'video', type: 'relationship', relationTo: 'videos', required: true, index: true, admin: recorded },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: [
        { label: 'Pending', value: 'pending' },
        { label: 'Accepted', value: 'accepted' },
        { label: 'Rejected', value: 'rejected' },
        { label: 'Failed', value: 'failed' },
      ],
      admin: recorded,
    },
    { name: 'provider', type: 'text', required: true, maxLength: 40, admin: { ...recorded, description: 'The engine that wrote it (SEO_PROVIDER).' } },
    { name: 'inputHash', type: 'text', required: true, maxLength: 64, index: true, admin: { ...recorded, description: 'Of the title, description and duration it was made from: a rejected proposal is not made again for the same text, and one whose video changed since is stale.' } },
    { name: 'fields', type: 'json', admin: { ...recorded, description: 'The proposed search fields (validated before they were stored).', components: { Field: '/components/JsonView#JsonView' } } },
    {
      name: 'decisions',
      type: 'json',
      admin: {
        ...recorded,
        description: 'What became of each field so far: accepted (as proposed or edited), rejected, or kept because the video’s key moments are hand-written.',
        components: { Field: '/components/JsonView#JsonView' },
      },
    },
    { name: 'error', type: 'text', maxLength: 1000, admin: { ...recorded, description: 'Why the engine gave nothing usable.' } },
    { name: 'autoAccepted', type: 'checkbox', defaultValue: false, admin: recorded },
    { name: 'decidedAt', type: 'date', admin: { ...recorded, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'decidedBy', type: 'relationship', relationTo: 'users', admin: recorded },
  ],
  timestamps: true,
}

import type { CollectionConfig } from 'payload'

import { DEFAULT_TAG_COLOR, MOODS, TAG_CATEGORIES } from '../../shared/constants'
import { anyone, isAdmin } from '../access'
import { normaliseTagName } from '../services/recommendations/tag-names'

/**
 * The one tag vocabulary (SPEC §3 Content tag). Videos' own `tags`, the SEO bot's accepted tags
 * and every category land here (cms/services/recommendations/vocabulary.ts); `moods` is the mood
 * map: the moods this tag suits, which the For You recommender matches items against.
 */
export const ContentTags: CollectionConfig = {
  slug: 'content-tags',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'category', 'moods', 'color'],
    group: 'For You',
    description: 'Tags link videos and posts to topics and moods. "Suits these moods" is the mood map For You uses.',
  },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: 'name',
  hooks: {
    beforeValidate: [({ data }) => (data?.name ? { ...data, name: normaliseTagName(String(data.name)) } : data)],
  },
  fields: [
    { name: 'name', type: 'text', required: true, unique: true, maxLength: 60, admin: { description: 'Lower case; one spelling per tag.' } },
    { name: 'category', type: 'select', required: true, defaultValue: 'topic', options: TAG_CATEGORIES.map((value) => ({ label: value, value })) },
    { name: 'description', type: 'textarea', maxLength: 300, admin: { description: 'Shown in a recommendation’s reason when set, e.g. “uplifting community stories”.' } },
    {
      name: 'color',
      type: 'text',
      defaultValue: DEFAULT_TAG_COLOR,
      validate: (value: string | null | undefined) => !value || /^#[0-9a-f]{6}$/i.test(value) || 'A colour like #3b82f6',
    },
    {
      name: 'moods',
      label: 'Suits these moods',
      type: 'select',
      hasMany: true,
      options: MOODS.map((value) => ({ label: value, value })),
      admin: { description: 'For a member who feels one of these, items with this tag are a mood match.' },
    },
    {
      name: 'sourceCategory',
      label: 'Topic of category',
      type: 'relationship',
      relationTo: 'categories',
      unique: true,
      admin: { readOnly: true, description: 'Set when this tag stands for a category: every item filed under it carries the tag.' },
    },
  ],
}

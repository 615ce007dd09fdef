import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'

import { convertLexicalToPlaintext } from '@payloadcms/richtext-lexical/plaintext'

import { excerptFrom, readTimeMinutes, slugify } from '../../shared/format'
import { isAdmin, isAdminField, publishedOrAdmin } from '../access'
import { slugField } from '../fields/slug'

type LexicalState = Parameters<typeof convertLexicalToPlaintext>[0]['data']

/**
 * Derived text follows the content as typed (spec §5): the excerpt and read time unless the editor
 * set them, and always `searchText`, the plain text the full-text index reads (a generated column
 * cannot read Lexical JSON; see the posts_search migration). Computed from the stored content when
 * an update leaves the content out, so a client can never write a searchText of its own.
 */
const deriveText: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const content = (data.content ?? originalDoc?.content) as LexicalState | undefined
  if (!content) return data
  const text = convertLexicalToPlaintext({ data: content })
  data.searchText = text
  // New content, or a field cleared on purpose, re-derives; untouched fields stay as stored.
  if (!data.excerpt && (data.content || 'excerpt' in data)) data.excerpt = excerptFrom(text)
  if (!data.readTime && (data.content || 'readTime' in data)) data.readTime = Math.max(1, readTimeMinutes(text))
  return data
}

export const Posts: CollectionConfig = {
  slug: 'posts',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'category', 'status', 'updatedAt'],
    listSearchableFields: ['title', 'slug', 'excerpt'],
  },
  access: { read: publishedOrAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  defaultSort: '-createdAt',
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    slugField('title', slugify),
    { name: 'excerpt', type: 'textarea', maxLength: 500 },
    { name: 'content', type: 'richText', required: true },
    { name: 'category', type: 'relationship', relationTo: 'categories', index: true, admin: { position: 'sidebar' } },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'draft',
      index: true,
      options: [
        { label: 'Draft', value: 'draft' },
        { label: 'Published', value: 'published' },
      ],
      admin: { position: 'sidebar' },
    },
    { name: 'featuredImage', type: 'upload', relationTo: 'media' },
    {
      name: 'readTime',
      type: 'number',
      min: 1,
      admin: { position: 'sidebar', description: 'Minutes; derived from the content (words / 200, rounded up) when empty.' },
    },
    {
      // Written only by the hook below; read by the search_vector column (posts_search migration).
      name: 'searchText',
      type: 'textarea',
      admin: { hidden: true },
      access: { read: isAdminField },
    },
  ],
  hooks: { beforeChange: [deriveText] },
}

import type { CollectionConfig } from 'payload'

import { convertLexicalToPlaintext } from '@payloadcms/richtext-lexical/plaintext'

import { excerptFrom, readTimeMinutes, slugify } from '../../shared/format'
import { isAdmin, publishedOrAdmin } from '../access'
import { slugField } from '../fields/slug'

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
  ],
  hooks: {
    beforeChange: [
      ({ data }) => {
        // Excerpt and read time follow the content as typed unless the editor set them (spec §5).
        if (!data.content) return data
        const text = convertLexicalToPlaintext({ data: data.content })
        if (!data.excerpt) data.excerpt = excerptFrom(text)
        if (!data.readTime) data.readTime = readTimeMinutes(text)
        return data
      },
    ],
  },
}

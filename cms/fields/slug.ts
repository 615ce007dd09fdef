import type { TextField } from 'payload'

/**
 * A unique, lowercase-hyphenated slug. When left empty it is generated from `source`
 * (spec §5: on creation the slug is made from the title or name).
 */
export const slugField = (source: string, slugify: (s: string) => string): TextField => ({
  name: 'slug',
  type: 'text',
  required: true,
  unique: true,
  index: true,
  maxLength: 200,
  admin: { position: 'sidebar', description: `Lowercase and hyphenated; made from the ${source} when left empty.` },
  hooks: {
    beforeValidate: [
      ({ value, data, operation }) => {
        if (typeof value === 'string' && value.trim()) return slugify(value)
        const from = data?.[source]
        if (operation === 'create' && typeof from === 'string') return slugify(from)
        return value
      },
    ],
  },
  validate: (value: string | null | undefined) =>
    (typeof value === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)) || 'Slug is required',
})

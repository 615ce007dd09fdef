import type { CollectionConfig } from 'payload'

import { CATEGORY_COLOR_PRESETS, DEFAULT_CATEGORY_COLOR } from '../../shared/constants'
import { slugify } from '../../shared/format'
import { anyone, isAdmin } from '../access'
import { slugField } from '../fields/slug'

export const Categories: CollectionConfig = {
  slug: 'categories',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug', 'color'] },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 80 },
    slugField('name', slugify),
    { name: 'description', type: 'textarea', maxLength: 500 },
    {
      name: 'color',
      type: 'text',
      defaultValue: DEFAULT_CATEGORY_COLOR,
      validate: (value: string | null | undefined) =>
        !value || (CATEGORY_COLOR_PRESETS as readonly string[]).includes(value) || 'Choose one of the preset colours',
      admin: { description: `One of: ${CATEGORY_COLOR_PRESETS.join(', ')}` },
    },
  ],
}

import type { CollectionBeforeDeleteHook, CollectionConfig } from 'payload'

import { CATEGORY_COLOR_PRESETS, DEFAULT_CATEGORY_COLOR } from '../../shared/constants'
import { slugify } from '../../shared/format'
import { anyone, isAdmin } from '../access'
import { slugField } from '../fields/slug'
import { conflict } from '../services/errors'
import { categoryTopicTag } from '../services/recommendations/vocabulary'

/**
 * A category is not deleted while posts (drafts too) are filed under it: on every path — the site
 * API, Payload REST and the admin UI — rather than silently un-filing them. 409 with the count.
 */
const refuseWhileFiled: CollectionBeforeDeleteHook = async ({ req, id }) => {
  // overrideAccess: counting drafts too; only an admin gets this far (delete access is isAdmin).
  const { totalDocs } = await req.payload.count({ collection: 'posts', where: { category: { equals: id } }, overrideAccess: true, req })
  if (totalDocs === 0) return
  const category = await req.payload.findByID({ collection: 'categories', id, depth: 0, overrideAccess: true, disableErrors: true, req })
  const posts = totalDocs === 1 ? '1 post' : `${totalDocs} posts`
  throw conflict(`The category "${category?.name ?? id}" still has ${posts}. Move or delete ${totalDocs === 1 ? 'it' : 'them'} first.`)
}

export const Categories: CollectionConfig = {
  slug: 'categories',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug', 'color'], group: 'Content' },
  access: { read: anyone, create: isAdmin, update: isAdmin, delete: isAdmin },
  hooks: { beforeDelete: [refuseWhileFiled], afterChange: [categoryTopicTag] },
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
      // A radio group of the preset swatches; the stored value is the hex string.
      admin: {
        description: 'Tints the topic card and the category badge on the site.',
        components: { Field: '/components/ColorSwatchField#ColorSwatchField', Cell: '/components/ColorSwatchCell#ColorSwatchCell' },
      },
    },
  ],
}

import { seoPlugin } from '@payloadcms/plugin-seo'
import type { Field } from 'payload'

import { slugify } from '../../shared/format'
import {
  generatedSeoDescription,
  generatedSeoTitle,
  postUrl,
  seoDescriptionSchema,
  seoTitleSchema,
  validateWith,
} from '../../shared/seo'
import type { Post } from '../payload-types'
import { postPlainText } from '../services/posts/reading'

/** The editor's form data as the plugin's "Auto-generate" sends it (unsaved edits included). */
type Draft = Partial<Pick<Post, 'title' | 'slug' | 'excerpt' | 'content'>> | undefined

/** What the creator may type in each field: the page head falls back to the post's own when empty. */
const overrides: Record<string, Partial<Field>> = {
  title: {
    validate: validateWith(seoTitleSchema),
    admin: { description: "Shown in search results and link previews. Empty: the post's title and the site name." },
  },
  description: {
    validate: validateWith(seoDescriptionSchema),
    admin: { description: "Empty: the post's excerpt." },
  },
  image: {
    admin: { description: "The picture of link previews. Empty: the featured image." },
  },
}

/**
 * Search and social fields for posts (Payload's SEO plugin): a `meta` group (title, description,
 * image) after the post's fields, with "Auto-generate" from the title, the excerpt (or the body's
 * opening) and the post's address. The plugin's own preview shows only what was typed; ours
 * (cms/components/SeoPreview) shows the search result and the social card with the defaults the
 * page head applies, and the plugin's overview is left out for the same reason.
 */
export const seo = seoPlugin({
  collections: ['posts'],
  uploadsCollection: 'media',
  tabbedUI: false,
  generateTitle: ({ doc }: { doc: Draft }) => generatedSeoTitle(doc?.title ?? ''),
  generateDescription: ({ doc }: { doc: Draft }) =>
    generatedSeoDescription(doc?.excerpt || postPlainText(doc?.content)),
  generateURL: ({ doc, req }: { doc: Draft; req: { origin?: string } }) =>
    postUrl(process.env.SERVER_URL || req.origin || '', doc?.slug || slugify(doc?.title ?? '')),
  fields: ({ defaultFields }) => [
    ...defaultFields
      .filter((field) => 'name' in field && field.name in overrides)
      .map((field) => {
        const own = overrides[(field as { name: string }).name]!
        return { ...field, ...own, admin: { ...field.admin, ...own.admin } } as Field
      }),
    {
      name: 'preview',
      type: 'ui',
      admin: { components: { Field: '/components/SeoPreview#SeoPreview' } },
    },
  ],
})

import { seoPlugin } from '@payloadcms/plugin-seo'
import type { Config, Endpoint, Field, PayloadHandler } from 'payload'

import { slugify } from '../../shared/format'
import {
  generatedSeoDescription,
  generatedSeoTitle,
  postUrl,
  seoDescriptionSchema,
  seoTitleSchema,
  validateWith,
} from '../../shared/seo'
import { z } from '../../shared/zod'
import { badRequest } from '../services/errors'
import { postPlainText } from '../services/posts/reading'

/**
 * What "Auto-generate" posts: the editor's form data (unsaved edits included) and which document.
 * Parsed before the plugin reads it, so a malformed body is a 400, not a crash.
 */
const generateBody = z.looseObject({
  collectionSlug: z.string().max(100).optional(),
  globalSlug: z.string().max(100).optional(),
  id: z.union([z.string().max(100), z.number()]).nullish(),
  doc: z
    .looseObject({
      title: z.string().max(1000).nullish(),
      slug: z.string().max(1000).nullish(),
      excerpt: z.string().max(10_000).nullish(),
      content: z.looseObject({ root: z.looseObject({ children: z.array(z.unknown()) }) }).nullish(),
    })
    .optional(),
})
type Draft = z.infer<typeof generateBody>['doc']

/** The body's text, or none for a body the editor could not have made. */
function plainTextOf(content: unknown): string {
  try {
    return postPlainText(content as never)
  } catch {
    return ''
  }
}

/** The plugin's endpoints read the body unchecked (an empty one throws): each parses it first. */
const parsingBody =
  (handler: PayloadHandler): PayloadHandler =>
  async (req) => {
    // Signed-out and member requests get the plugin's own 401 / 403 before it reads anything.
    if (!req.user) return handler(req)
    let body: unknown
    try {
      body = await req.json?.()
    } catch {
      throw badRequest('The request body is not JSON.')
    }
    const parsed = generateBody.safeParse(body)
    if (!parsed.success) throw badRequest('The request body is not a document to generate from.')
    req.json = async () => parsed.data
    return handler(req)
  }

const withParsedBodies = (config: Config): Config => ({
  ...config,
  endpoints: config.endpoints?.map((endpoint: Endpoint) =>
    endpoint.path.startsWith('/plugin-seo/') ? { ...endpoint, handler: parsingBody(endpoint.handler) } : endpoint,
  ),
})

/**
 * What the creator may type in each field: the page head falls back to the post's own when empty.
 * (The plugin's title and description inputs show their length tips, not these descriptions: they
 * document the types and the API, and the preview below says what an empty field means.)
 */
const overrides: Record<string, Partial<Field>> = {
  title: {
    validate: validateWith(seoTitleSchema),
    admin: { description: "Shown in search results and link previews. Empty: the post's title and the site name." },
  },
  description: {
    validate: validateWith(seoDescriptionSchema),
    admin: { description: "Empty: the post's excerpt." },
  },
  // Payload's own upload input, which shows this description (the plugin's marks an empty image
  // 'No image', though the featured image stands in).
  image: {
    admin: { description: 'The picture of link previews. Empty: the featured image.', components: {} },
  },
}

/**
 * Search and social fields for posts (Payload's SEO plugin): a `meta` group (title, description,
 * image) after the post's fields, with "Auto-generate" from the title, the excerpt (or the body's
 * opening) and the post's address. The plugin's own preview shows only what was typed; ours
 * (cms/components/SeoPreview) shows the search result and the social card with the defaults the
 * page head applies, and the plugin's overview is left out for the same reason.
 */
const plugin = seoPlugin({
  collections: ['posts'],
  uploadsCollection: 'media',
  tabbedUI: false,
  generateTitle: ({ doc }: { doc: Draft }) => generatedSeoTitle(doc?.title ?? ''),
  generateDescription: ({ doc }: { doc: Draft }) => generatedSeoDescription(doc?.excerpt || plainTextOf(doc?.content)),
  generateURL: ({ doc }: { doc: Draft }) => {
    const slug = doc?.slug || slugify(doc?.title ?? '')
    return slug ? postUrl(process.env.SERVER_URL ?? '', slug) : ''
  },
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

export const seo = (config: Config): Config => withParsedBodies(plugin(config) as Config)

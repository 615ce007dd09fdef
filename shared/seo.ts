// A post's search and social metadata (its `meta` group in /cms): what the page head says, what
// the editor's preview shows and what "Auto-generate" fills in, from one set of rules.
import { SITE_NAME } from './constants'
import { excerptFrom, truncate } from './format'
import { z } from './zod'

/**
 * Hard limits a save enforces. The SEO plugin's length indicator recommends 50–60 characters for
 * a title and 100–150 for a description (what search results show before cutting); these leave a
 * little room past that, and stop a pasted paragraph.
 */
export const SEO_TITLE_MAX = 70
export const SEO_DESCRIPTION_MAX = 160

export const SEO_TITLE_TOO_LONG = `Keep the meta title to ${SEO_TITLE_MAX} characters or fewer: search results cut longer ones.`
export const SEO_DESCRIPTION_TOO_LONG = `Keep the meta description to ${SEO_DESCRIPTION_MAX} characters or fewer: search results cut longer ones.`

/** Empty (use the default) or a single line of at most SEO_TITLE_MAX characters. */
export const seoTitleSchema = z
  .string()
  .trim()
  .max(SEO_TITLE_MAX, SEO_TITLE_TOO_LONG)
  .refine((s) => !/[\r\n]/.test(s), 'The meta title is one line.')

export const seoDescriptionSchema = z.string().trim().max(SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_TOO_LONG)

/** A Payload field `validate` from a schema: empty values pass (the defaults apply). */
export const validateWith =
  (schema: z.ZodType<string>) =>
  (value: unknown): true | string => {
    if (value === null || value === undefined || value === '') return true
    const result = schema.safeParse(value)
    return result.success ? true : (result.error.issues[0]?.message ?? 'Invalid value.')
  }

/** The page title a post has without a meta title: the same as every other page's. */
export const defaultSeoTitle = (title: string, siteName = SITE_NAME) => `${title} | ${siteName}`

/** What "Auto-generate" fills in: the default title, cut to the limit (the site name goes first). */
export function generatedSeoTitle(title: string, siteName = SITE_NAME): string {
  const full = defaultSeoTitle(title.trim(), siteName)
  return full.length <= SEO_TITLE_MAX ? full : truncate(title.trim(), SEO_TITLE_MAX)
}

/** The description a post has without a meta description: its excerpt, else its title and the site. */
export const defaultSeoDescription = (title: string, excerpt: string | null | undefined, siteName = SITE_NAME) =>
  excerpt || `${title} — ${siteName}`

/** What "Auto-generate" fills in: the excerpt (or the body's opening) cut at a word to the limit. */
export const generatedSeoDescription = (excerptOrText: string) => excerptFrom(excerptOrText, SEO_DESCRIPTION_MAX)

/** A post's address on the site (spec: /post/{slug}). */
export const postUrl = (origin: string, slug: string) => `${origin.replace(/\/$/, '')}/post/${encodeURIComponent(slug)}`

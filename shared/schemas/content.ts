// Admin content: blog posts, categories, announcements; member bookmarks (SPEC §3, §5, §7).
import { z } from '../zod'
import {
  ANNOUNCEMENT_TYPES,
  BOOKMARK_CONTENT_TYPES,
  CATEGORY_COLOR_PRESETS,
  DEFAULT_CATEGORY_COLOR,
  POST_STATUSES,
} from '../constants'
import { excerptFrom, readTimeMinutes, slugify } from '../format'
import {
  ANNOUNCEMENT_STARTS_AFTER_EXPIRY,
  COLOR_INVALID,
  CONTENT_ID_REQUIRED,
  CONTENT_REQUIRED,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  READ_TIME_INVALID,
  SLUG_INVALID,
  SLUG_REQUIRED,
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
} from '../messages'
import {
  optionalDateTimeField,
  optionalText,
  optionalUrlOrPathField,
  relationIdField,
  SLUG_MAX,
  SLUG_PATTERN,
  slugField,
} from './fields'

const TITLE_MAX = 200
const CONTENT_MAX = 200_000

const titleField = z
  .string({ error: TITLE_REQUIRED })
  .trim()
  .min(1, { error: TITLE_REQUIRED, abort: true })
  .max(TITLE_MAX, { error: TITLE_TOO_LONG })

const contentField = (max: number) =>
  z.string({ error: CONTENT_REQUIRED }).trim().min(1, { error: CONTENT_REQUIRED, abort: true }).max(max)

/** Minutes; '' or null means "derive it". Accepts '5' from form inputs. */
const readTimeField = z
  .union([z.number(), z.string().trim(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return undefined
    const n = Number(v)
    if (!Number.isInteger(n) || n < 1 || n > 1000) {
      ctx.addIssue({ code: 'custom', message: READ_TIME_INVALID })
      return z.NEVER
    }
    return n
  })

/** On create the slug may be left empty: it is derived from `source` (the title or the name). */
function withDerivedSlug<T extends { slug?: string | undefined }>(value: T, source: string, ctx: z.RefinementCtx) {
  const slug = value.slug || slugify(source).slice(0, SLUG_MAX).replace(/-+$/, '')
  if (!slug) ctx.addIssue({ code: 'custom', message: SLUG_REQUIRED, path: ['slug'] })
  else if (!SLUG_PATTERN.test(slug)) ctx.addIssue({ code: 'custom', message: SLUG_INVALID, path: ['slug'] })
  return { ...value, slug }
}

const optionalSlugInput = z.string().trim().max(SLUG_MAX, { error: SLUG_INVALID }).optional()

// ── Blog posts: POST /api/blog-posts, PUT /api/blog-posts/{id} ─────────────────

export const blogPostCreateSchema = z
  .object({
    title: titleField,
    slug: optionalSlugInput,
    excerpt: optionalText(1000),
    content: contentField(CONTENT_MAX),
    categoryId: relationIdField,
    status: z.enum(POST_STATUSES).default('draft'),
    readTime: readTimeField,
  })
  .transform((v, ctx) => {
    const withSlug = withDerivedSlug(v, v.title, ctx)
    return {
      ...withSlug,
      excerpt: v.excerpt || excerptFrom(v.content),
      readTime: v.readTime ?? readTimeMinutes(v.content),
    }
  })

/** Every field optional; a slug sent as '' is 'Slug is required'. */
export const blogPostUpdateSchema = z.object({
  title: titleField.optional(),
  slug: slugField.optional(),
  excerpt: optionalText(1000),
  content: contentField(CONTENT_MAX).optional(),
  categoryId: relationIdField,
  status: z.enum(POST_STATUSES).optional(),
  readTime: readTimeField,
  /** The `updatedAt` of the copy the editor loaded: a save from an older copy is refused (409). */
  updatedAt: z.iso.datetime({ offset: true, error: 'updatedAt must be a date and time.' }).optional(),
})

export type BlogPostCreateInput = z.input<typeof blogPostCreateSchema>
export type BlogPostCreateData = z.output<typeof blogPostCreateSchema>
export type BlogPostUpdateInput = z.input<typeof blogPostUpdateSchema>
export type BlogPostUpdateData = z.output<typeof blogPostUpdateSchema>

// ── Categories: POST /api/categories, PUT /api/categories/{id} ─────────────────

const PRESETS: readonly string[] = CATEGORY_COLOR_PRESETS

const colorField = z
  .string({ error: COLOR_INVALID })
  .trim()
  .toLowerCase()
  .refine((v) => PRESETS.includes(v), { error: COLOR_INVALID })

const categoryNameField = z
  .string({ error: NAME_REQUIRED })
  .trim()
  .min(1, { error: NAME_REQUIRED, abort: true })
  .max(100, { error: NAME_TOO_LONG })

export const categoryCreateSchema = z
  .object({
    name: categoryNameField,
    slug: optionalSlugInput,
    description: optionalText(1000),
    color: colorField.default(DEFAULT_CATEGORY_COLOR),
  })
  .transform((v, ctx) => withDerivedSlug(v, v.name, ctx))

export const categoryUpdateSchema = z.object({
  name: categoryNameField.optional(),
  slug: slugField.optional(),
  /** Left out: unchanged; '' or null: cleared. */
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  color: colorField.optional(),
})

export type CategoryCreateInput = z.input<typeof categoryCreateSchema>
export type CategoryCreateData = z.output<typeof categoryCreateSchema>
export type CategoryUpdateInput = z.input<typeof categoryUpdateSchema>
export type CategoryUpdateData = z.output<typeof categoryUpdateSchema>

// ── Announcements: POST /api/announcements, PATCH /api/announcements/{id} ──────

/** Both times given: the start comes first. (A PATCH changing one of them is checked by the collection.) */
function startsBeforeExpiry({ startsAt, expiresAt }: { startsAt?: string | null; expiresAt?: string | null }): boolean {
  return !startsAt || !expiresAt || Date.parse(startsAt) < Date.parse(expiresAt)
}

export const announcementCreateSchema = z.object({
  title: titleField,
  content: contentField(5000),
  type: z.enum(ANNOUNCEMENT_TYPES).default('general'),
  isActive: z.boolean().default(true),
  /** ISO instant, or null for "as soon as it is active". */
  startsAt: optionalDateTimeField,
  /** ISO instant, or null for "never expires". */
  expiresAt: optionalDateTimeField,
}).refine(startsBeforeExpiry, { message: ANNOUNCEMENT_STARTS_AFTER_EXPIRY, path: ['expiresAt'] })

/** `{ isActive }` alone toggles; expiresAt null clears the expiry. */
export const announcementUpdateSchema = z.object({
  title: titleField.optional(),
  content: contentField(5000).optional(),
  type: z.enum(ANNOUNCEMENT_TYPES).optional(),
  isActive: z.boolean().optional(),
  startsAt: optionalDateTimeField,
  expiresAt: optionalDateTimeField,
}).refine(startsBeforeExpiry, { message: ANNOUNCEMENT_STARTS_AFTER_EXPIRY, path: ['expiresAt'] })

export type AnnouncementCreateInput = z.input<typeof announcementCreateSchema>
export type AnnouncementCreateData = z.output<typeof announcementCreateSchema>
export type AnnouncementUpdateInput = z.input<typeof announcementUpdateSchema>
export type AnnouncementUpdateData = z.output<typeof announcementUpdateSchema>

// ── Bookmarks: POST /api/bookmarks; check/DELETE /api/bookmarks/{contentType}/{contentId} ──

/** A video's videoId or a post's slug: letters, digits, '-' and '_' (nothing else reaches the database). */
const contentIdField = z
  .union([z.string(), z.number().int().nonnegative().transform(String)])
  .pipe(
    z
      .string()
      .trim()
      .min(1, { error: CONTENT_ID_REQUIRED })
      .max(255)
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'Unknown content id' }),
  )

/** Route params of the bookmark check and delete endpoints. */
export const bookmarkKeySchema = z.object({
  contentType: z.enum(BOOKMARK_CONTENT_TYPES),
  contentId: contentIdField,
})

export const bookmarkCreateSchema = bookmarkKeySchema.extend({
  title: z.string({ error: TITLE_REQUIRED }).trim().min(1, { error: TITLE_REQUIRED, abort: true }).max(300),
  thumbnailUrl: optionalUrlOrPathField(),
})

export type BookmarkKey = z.output<typeof bookmarkKeySchema>
export type BookmarkCreateInput = z.input<typeof bookmarkCreateSchema>
export type BookmarkCreateData = z.output<typeof bookmarkCreateSchema>

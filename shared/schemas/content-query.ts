// Query strings and path ids of the content API: GET /api/blog-posts, /api/categories,
// /api/announcements and /api/.../{id} (SPEC §7). Bad values get a clear 400; sizes are clamped.
import { z } from '../zod'
import { PAGE_SIZES, POST_STATUSES } from '../constants'
import { pageQuerySchema } from './pagination'

/** Longest search a visitor may send (the header box and the /blog form cap input at this too). */
export const SEARCH_MAX = 200
/** Deeper pages are clamped to this: OFFSETs past it only cost the database. */
export const MAX_PAGE = 10_000
/** Ids are PostgreSQL `integer`s: anything larger can never match a row. */
export const MAX_ID = 2_147_483_647

/** A row id from a URL: a positive integer within PostgreSQL's integer range, or null (answered as not found). */
export const parseRowId = (value: string | undefined): number | null =>
  value && /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID ? Number(value) : null

export const STATUS_INVALID = 'Status must be draft or published'
export const SEARCH_TOO_LONG = `Search must be at most ${SEARCH_MAX} characters`
export const idInvalid = (what: string) => `${what} id must be a positive whole number`

/** A positive integer id as it comes in a path segment or query string. */
export function idSchema(what: string) {
  return z
    .string({ error: idInvalid(what) })
    .trim()
    .regex(/^\d{1,10}$/, { error: idInvalid(what) })
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_ID, { error: idInvalid(what) })
}

/** PostgreSQL text cannot hold NUL; other control characters mean nothing in a search either. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const cleanText = (v: string) => v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ')

function withoutNulDeep(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '')
  if (Array.isArray(value)) return value.map(withoutNulDeep)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNulDeep(v)]))
  return value
}

/** A JSON body schema that first drops NUL characters from every string (the database refuses them). */
export const withoutNul = <S extends z.ZodType>(schema: S) => z.preprocess(withoutNulDeep, schema)

/** '' and a missing value mean "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** GET /api/blog-posts: page, limit (1..100, default 6), status, categoryId, search. */
export const postListQuerySchema = pageQuerySchema({ defaultLimit: PAGE_SIZES.news })
  .extend({
    status: z.preprocess(blankToUndefined, z.enum(POST_STATUSES, { error: STATUS_INVALID }).optional()),
    categoryId: z.preprocess(blankToUndefined, idSchema('Category').optional()),
    search: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(SEARCH_MAX * 4, { error: SEARCH_TOO_LONG, abort: true })
        .trim()
        .max(SEARCH_MAX, { error: SEARCH_TOO_LONG })
        .optional()
        // Whitespace only is no filter.
        .transform((v) => (v ? cleanText(v).trim() : '') || undefined),
    ),
  })
  .transform((q) => ({ ...q, page: Math.min(q.page, MAX_PAGE) }))

export type PostListQuery = z.output<typeof postListQuerySchema>

const flagSchema = (name: string) =>
  z
    .preprocess(blankToUndefined, z.enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` }).optional())
    .transform((v) => v === 'true' || v === '1')

/** GET /api/categories?withPostCount=true */
export const categoryListQuerySchema = z.object({ withPostCount: flagSchema('withPostCount') })

/** GET /api/announcements?active=true */
export const announcementListQuerySchema = z.object({ active: flagSchema('active') })

/**
 * The /blog page's own query (?category=&search=&page=): never fails, a page must always render.
 * An unreadable category is `invalid` (the page shows its empty state); a long search is cut.
 */
export function newsPageQuery(params: URLSearchParams): { page: number; categoryId: number | null; categoryInvalid: boolean; search: string } {
  const rawCategory = params.get('category')?.trim() ?? ''
  const category = rawCategory ? idSchema('Category').safeParse(rawCategory) : null
  const pageParsed = pageQuerySchema().parse({ page: params.get('page') ?? undefined })
  return {
    page: Math.min(pageParsed.page, MAX_PAGE),
    categoryId: category?.success ? category.data : null,
    categoryInvalid: Boolean(category && !category.success),
    search: cleanText(params.get('search') ?? '').trim().slice(0, SEARCH_MAX).trim(),
  }
}

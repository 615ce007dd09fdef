// List query strings (?page=&limit=) and the pagination bar's page links.
import { z } from '../zod'
import { PAGE_SIZES } from '../constants'

export const MAX_PAGE_LIMIT = 100
/** Far past any real list; keeps offsets (page × limit) well inside the database's integers. */
export const MAX_PAGE = 10_000

function toInt(v: unknown): number | null {
  const first = Array.isArray(v) ? v[0] : v
  if (typeof first === 'number') return Number.isFinite(first) ? Math.trunc(first) : null
  if (typeof first === 'string' && /^\s*-?\d+\s*$/.test(first)) {
    const n = Number(first)
    return Number.isSafeInteger(n) ? n : n > 0 ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER
  }
  return null
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n))

/**
 * `page` and `limit` from query strings, never failing: a missing or unreadable page is 1, a
 * page below 1 becomes 1 and one above MAX_PAGE becomes MAX_PAGE; a missing limit is `defaultLimit`; any limit is clamped to 1..maxLimit.
 * Extend the result for other params: `pageQuerySchema({ defaultLimit: 6 }).extend({ search: … })`.
 */
export function pageQuerySchema({
  defaultLimit = PAGE_SIZES.news as number,
  maxLimit = MAX_PAGE_LIMIT,
}: { defaultLimit?: number; maxLimit?: number } = {}) {
  const max = clamp(Math.trunc(maxLimit), 1, MAX_PAGE_LIMIT)
  return z.object({
    page: z.unknown().optional().transform((v) => clamp(toInt(v) ?? 1, 1, MAX_PAGE)),
    limit: z.unknown().optional().transform((v) => clamp(toInt(v) ?? defaultLimit, 1, max)),
  })
}

export type PageQuery = { page: number; limit: number }

/** Reads a URLSearchParams (repeated keys: first wins) into a plain object for these schemas. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of params) if (!(k in out)) out[k] = v
  return out
}

export function totalPagesFor(totalDocs: number, limit: number): number {
  return limit > 0 ? Math.max(1, Math.ceil(totalDocs / limit)) : 1
}

/** At most `maxLinks` consecutive page numbers around `current` (SPEC §9: 5 links). */
export function pageNumbers(current: number, totalPages: number, maxLinks: number = PAGE_SIZES.paginationLinks): number[] {
  const total = Math.max(0, Math.floor(totalPages))
  const count = Math.min(total, Math.max(1, maxLinks))
  if (count === 0) return []
  const start = clamp(Math.floor(current) - Math.floor(count / 2), 1, total - count + 1)
  return Array.from({ length: count }, (_, i) => start + i)
}

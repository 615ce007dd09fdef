// One client must not be able to grow page_views at will (every reload, every made-up query string
// or path is a row). Before a page view is recorded it has to fit two budgets for its client's
// address range (the same /24 or /48 page_views stores): a few views of one path per minute, and a
// few dozen views of all paths together per minute. Beyond them the page is still served; the view
// is just not recorded. These budgets are per server process; shared-view-limit.ts adds the same
// budgets counted across every process on the database.
import { DB_COLUMN_LIMITS } from '../../../shared/constants'
import { truncateIp } from './ip'

export type PageViewLimits = {
  /** Views of one path recorded per address range per window. */
  perPath: number
  /** Views of all paths together recorded per address range per window. */
  perClient: number
  windowMs: number
  /** Budgets remembered at most (memory bound); the least recently used go first. */
  maxKeys: number
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : fallback
}

/** The budgets from the environment: ANALYTICS_VIEWS_PER_PATH (3) and ANALYTICS_VIEWS_PER_CLIENT (30) a minute. */
export const pageViewLimits = (env: Record<string, string | undefined> = process.env): PageViewLimits => ({
  perPath: positive(env.ANALYTICS_VIEWS_PER_PATH, 3),
  perClient: positive(env.ANALYTICS_VIEWS_PER_CLIENT, 30),
  windowMs: 60_000,
  maxKeys: 50_000,
})

/** The path as page_views stores it: no query (Express's req.path has none), no trailing slash, §9 length. */
export function storedPath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  return (trimmed || '/').slice(0, DB_COLUMN_LIMITS.path)
}

export type PageViewLimiter = {
  /** True when a view of `path` from `address` fits its budgets now (and is counted against them). */
  allow: (address: string | null | undefined, path: string, now?: number) => boolean | Promise<boolean>
  /** Budgets held in memory (for tests). */
  size: () => number
}

/**
 * A sliding window: each budget keeps the times of the views it let through in the last window, so
 * no 60 seconds ever hold more than the limit (a fixed per-minute counter would let twice the
 * limit through across a minute's edge). Memory is bounded by `maxKeys` budgets of at most
 * `perClient` numbers each; a client's own budget is refreshed on every view it sends, so a flood
 * of other clients evicts idle budgets first.
 */
export function createPageViewLimiter({ perPath, perClient, windowMs, maxKeys }: PageViewLimits = pageViewLimits()): PageViewLimiter {
  const recent = new Map<string, number[]>()

  const live = (key: string, now: number): number[] => {
    const times = recent.get(key) ?? []
    let expired = 0
    while (expired < times.length && times[expired]! <= now - windowMs) expired++
    if (expired) times.splice(0, expired)
    return times
  }

  // Map keeps insertion order: re-inserting moves a key to the young end, so the first key is the least recently used.
  const touch = (key: string, times: number[]) => {
    recent.delete(key)
    if (!times.length) return
    recent.set(key, times)
    while (recent.size > maxKeys) recent.delete(recent.keys().next().value!)
  }

  return {
    allow(address, path, now = Date.now()) {
      const range = truncateIp(address) ?? 'unknown'
      const clientKey = range
      const pathKey = `${range} ${storedPath(path)}`
      const client = live(clientKey, now)
      const page = live(pathKey, now)
      const fits = client.length < perClient && page.length < perPath
      if (fits) {
        client.push(now)
        page.push(now)
        touch(pathKey, page)
      }
      touch(clientKey, client)
      return fits
    },
    size: () => recent.size,
  }
}

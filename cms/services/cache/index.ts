// The shared cache of public content query results (terms in README.md).
import { registerPageCacheStore } from '../../hooks/page-cache'
import { cacheAudience, type Viewer } from './audience'
import { contentKeyTags } from './clear-log'
import { ContentCache, type GetOptions } from './content-cache'

export { cacheAudience, type Audience, type Viewer } from './audience'
export { ContentCache, deepFreeze, type ContentCacheOptions, type GetOptions } from './content-cache'

/** Entries kept at most, and their approximate size in all (least recently used go first). */
export const CONTENT_CACHE_MAX_ENTRIES = 1000
export const CONTENT_CACHE_MAX_BYTES = 24 * 1024 * 1024

const KEY = Symbol.for('app.contentCache')

/**
 * The process's one content cache, on globalThis so every bundle (Astro's, Next's, the server's
 * own) shares it, registered with the page-cache hooks so any content change clears it. Its TTL
 * is the page cache's (PAGE_CACHE_SECONDS, default 10; 0 turns both off): it bounds what changes
 * without a hook, like view counts.
 */
export function contentCache(): ContentCache {
  const global = globalThis as Record<symbol, ContentCache | undefined>
  let cache = global[KEY]
  if (!cache) {
    const seconds = Number(process.env.PAGE_CACHE_SECONDS ?? 10)
    cache = new ContentCache({ ttlMs: Number.isFinite(seconds) ? seconds * 1000 : 10_000, maxEntries: CONTENT_CACHE_MAX_ENTRIES, maxBytes: CONTENT_CACHE_MAX_BYTES, tagsOf: contentKeyTags })
    registerPageCacheStore(cache)
    global[KEY] = cache
  }
  return cache
}

/**
 * `load()` as read for `user`, from the cache when another reader with the same audience and the
 * same `key` (everything else the result depends on) read it moments ago. Admins always load.
 * Only for public content: never for a member's own rows (bookmarks, likes, profile).
 */
export function cachedFor<T>(user: Viewer, key: readonly (string | number | boolean | null)[], load: () => Promise<T>, options?: GetOptions<T>): Promise<T> {
  const audience = cacheAudience(user)
  if (audience === null) return load()
  const cacheKey = JSON.stringify([audience, ...key])
  // Keys come partly from URLs: an absurdly long one is nothing worth keeping.
  if (cacheKey.length > MAX_KEY_LENGTH) return load()
  return contentCache().get(cacheKey, load, options)
}

const MAX_KEY_LENGTH = 512

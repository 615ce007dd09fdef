import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig, GlobalAfterChangeHook, GlobalConfig } from 'payload'

/**
 * The rendered-page cache for visitors (server/page-cache.ts) lives on globalThis so the
 * Express side and Payload hooks in any bundle (Astro's, Next's) reach the same one.
 */
export type PageCacheStore = { clear: () => void }

const KEY = Symbol.for('app.pageCache')

export const pageCacheStore = (): PageCacheStore | undefined => (globalThis as Record<symbol, PageCacheStore | undefined>)[KEY]

export const registerPageCacheStore = (store: PageCacheStore) => {
  ;(globalThis as Record<symbol, PageCacheStore | undefined>)[KEY] = store
}

export const clearPageCache = () => pageCacheStore()?.clear()

const afterChange: CollectionAfterChangeHook = ({ doc }) => {
  clearPageCache()
  return doc
}
const afterDelete: CollectionAfterDeleteHook = ({ doc }) => {
  clearPageCache()
  return doc
}
const afterGlobalChange: GlobalAfterChangeHook = ({ doc }) => {
  clearPageCache()
  return doc
}

/** Any write to what visitors see (posts, videos, comments, settings…) drops the cached pages. */
export function clearsPageCache(collection: CollectionConfig): CollectionConfig {
  return {
    ...collection,
    hooks: {
      ...collection.hooks,
      afterChange: [...(collection.hooks?.afterChange ?? []), afterChange],
      afterDelete: [...(collection.hooks?.afterDelete ?? []), afterDelete],
    },
  }
}

export function globalClearsPageCache(global: GlobalConfig): GlobalConfig {
  return { ...global, hooks: { ...global.hooks, afterChange: [...(global.hooks?.afterChange ?? []), afterGlobalChange] } }
}

import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionConfig,
  GlobalAfterChangeHook,
  GlobalConfig,
  PayloadRequest,
} from 'payload'

import { onSignal, sendSignal, SIGNALS_MISSED } from '../services/cache/signal'
import { afterTransactionEnds } from '../services/cache/transaction-end'

/**
 * Caches of what readers see register here: the rendered-page cache for visitors
 * (server/page-cache.ts) and the content query cache (cms/services/cache). The registry lives on
 * globalThis so the Express side and Payload hooks in any bundle (Astro's, Next's) reach the same
 * stores; a content change clears every one of them.
 */
export type PageCacheStore = { clear: () => void }

const KEY = Symbol.for('app.pageCacheStores')

/** The topic other processes hear when this one's content changed. */
export const CONTENT_CHANGED = 'content-changed'

const registry = (): Set<PageCacheStore> => {
  const global = globalThis as Record<symbol, Set<PageCacheStore> | undefined>
  let stores = global[KEY]
  if (!stores) {
    stores = global[KEY] = new Set()
    // Another process's content change, or signals this one may have missed, clear these stores too.
    const clearHere = () => clearPageCache()
    onSignal(CONTENT_CHANGED, clearHere)
    onSignal(SIGNALS_MISSED, clearHere)
  }
  return stores
}

export const pageCacheStores = (): readonly PageCacheStore[] => [...registry()]

/** Adds a store to those every content change clears; returns a function that takes it out again. */
export const registerPageCacheStore = (store: PageCacheStore): (() => void) => {
  registry().add(store)
  return () => {
    registry().delete(store)
  }
}

/** Clears every registered store (one failing store does not keep the others from clearing). */
export const clearPageCache = () => {
  let failure: unknown
  for (const store of registry()) {
    try {
      store.clear()
    } catch (error) {
      failure ??= error
    }
  }
  if (failure !== undefined) throw failure
}

/**
 * Hooks run inside the write's transaction, before it commits: a reader on another connection can
 * still load the old rows after the first clear and cache them. So the caches are cleared once
 * more when the transaction ends; a write without a transaction is committed already.
 */
const clearForWrite = async (req: PayloadRequest | undefined) => {
  clearPageCache()
  await afterTransactionEnds(req, clearPageCache)
  // The other processes sharing the database clear theirs once the write has committed.
  await sendSignal(CONTENT_CHANGED, undefined, req)
}

const afterChange: CollectionAfterChangeHook = async ({ doc, req }) => {
  await clearForWrite(req)
  return doc
}
const afterDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await clearForWrite(req)
  return doc
}
const afterGlobalChange: GlobalAfterChangeHook = async ({ doc, req }) => {
  await clearForWrite(req)
  return doc
}

/** Any write to what visitors see (posts, videos, comments, settings…) drops the cached pages and query results. */
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

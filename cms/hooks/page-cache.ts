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
 * stores; a content change clears every one of them, or, for a change to one item (a comment on a
 * video), what each shows of that item (`clearTags`, tags in cms/services/cache/clear-log.ts). A
 * store without `clearTags` clears everything then too.
 */
export type PageCacheStore = { clear: () => void; clearTags?: (tags: readonly string[]) => void }

const KEY = Symbol.for('app.pageCacheStores')

/** The topic other processes hear when this one's content changed. */
export const CONTENT_CHANGED = 'content-changed'

const registry = (): Set<PageCacheStore> => {
  const global = globalThis as Record<symbol, Set<PageCacheStore> | undefined>
  let stores = global[KEY]
  if (!stores) {
    stores = global[KEY] = new Set()
    // Another process's content change, or signals this one may have missed, clear these stores too.
    onSignal(CONTENT_CHANGED, (data) => {
      const tags = (data as { tags?: unknown } | undefined)?.tags
      if (Array.isArray(tags) && tags.length > 0 && tags.every((tag) => typeof tag === 'string')) clearPageCacheTags(tags as string[])
      else clearPageCache()
    })
    onSignal(SIGNALS_MISSED, () => clearPageCache())
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

/** Clears what the stores keep of the items `tags` name (each store that cannot tell clears everything). */
export const clearPageCacheTags = (tags: readonly string[]) => {
  let failure: unknown
  for (const store of registry()) {
    try {
      if (store.clearTags) store.clearTags(tags)
      else store.clear()
    } catch (error) {
      failure ??= error
    }
  }
  if (failure !== undefined) throw failure
}

/**
 * A write that changed only what the pages of the items `tags` name show (a comment, a like or a
 * vote on one video): those pages and query results are cleared here now and again when `req`'s
 * transaction ends (none: the write committed already), and in the other processes once it committed.
 */
export async function clearItemPages(tags: readonly string[], req?: PayloadRequest): Promise<void> {
  if (tags.length === 0) return
  clearPageCacheTags(tags)
  if (req) await afterTransactionEnds(req, () => clearPageCacheTags(tags))
  await sendSignal(CONTENT_CHANGED, { tags }, req)
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

/** The collection with `change` and `remove` run after its own afterChange and afterDelete hooks. */
const withAfterHooks = (collection: CollectionConfig, change: CollectionAfterChangeHook, remove: CollectionAfterDeleteHook): CollectionConfig => ({
  ...collection,
  hooks: {
    ...collection.hooks,
    afterChange: [...(collection.hooks?.afterChange ?? []), change],
    afterDelete: [...(collection.hooks?.afterDelete ?? []), remove],
  },
})

/** Any write to what visitors see (posts, videos, comments, settings…) drops the cached pages and query results. */
export function clearsPageCache(collection: CollectionConfig): CollectionConfig {
  return withAfterHooks(collection, afterChange, afterDelete)
}

/**
 * Like clearsPageCache for a collection whose rows show on their items' pages only (comments): a
 * write clears the pages of the items `tagsOf` names, everything when it names none (or fails).
 */
export function clearsItemPages(collection: CollectionConfig, tagsOf: (docs: Record<string, unknown>[], req: PayloadRequest) => Promise<string[]>): CollectionConfig {
  const clear = async (docs: Record<string, unknown>[], req: PayloadRequest) => {
    const tags = await tagsOf(docs, req).catch(() => [])
    if (tags.length > 0) await clearItemPages(tags, req)
    else await clearForWrite(req)
  }
  // An edit that moves a row to another item clears both items' pages.
  const afterChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
    await clear(operation === 'update' && previousDoc ? [doc, previousDoc] : [doc], req)
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
    await clear([doc], req)
    return doc
  }
  return withAfterHooks(collection, afterChange, afterDelete)
}

export function globalClearsPageCache(global: GlobalConfig): GlobalConfig {
  return { ...global, hooks: { ...global.hooks, afterChange: [...(global.hooks?.afterChange ?? []), afterGlobalChange] } }
}

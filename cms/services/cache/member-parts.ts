import { registerPageCacheStore } from '../../hooks/page-cache'

/**
 * A member's own page parts (site/lib/member-parts.ts) are kept for a few seconds under a key that
 * includes everything they show (server/member-page-cache.ts). What their user row holds is part
 * of that key; what it does not (their bookmarks, likes, reactions and votes) moves this counter,
 * once the write has committed, so parts rendered before it are never used again.
 *
 * On globalThis: the site's bundle (which writes) and the Express server (which reads) each load
 * this module. Cleared with the page caches (any content change), which also drop every kept part.
 */
const KEY = Symbol.for('app.memberPartsVersions')

type Versions = Map<number, number>

const versions = (): Versions => {
  const global = globalThis as Record<symbol, Versions | undefined>
  let map = global[KEY]
  if (!map) {
    const created: Versions = new Map()
    map = global[KEY] = created
    registerPageCacheStore({ clear: () => created.clear() })
  }
  return map
}

/** The counter for a member's parts (0 until something of theirs changes). */
export const memberPartsVersion = (userId: number): number => versions().get(userId) ?? 0

/** Something a member's parts show changed outside their user row: call after the write committed. */
export function memberPartsChanged(userId: number): void {
  const map = versions()
  map.set(userId, (map.get(userId) ?? 0) + 1)
}

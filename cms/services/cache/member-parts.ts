import { registerPageCacheStore } from '../../hooks/page-cache'
import { onSignal, sendSignal } from './signal'

/**
 * A member's own page parts (site/lib/member-parts.ts) are kept for a few seconds under a key that
 * includes everything they show (server/member-page-cache.ts). What their user row holds is part
 * of that key; what it does not (their bookmarks, likes, reactions and votes) moves this counter,
 * once the write has committed, so parts rendered before it are never used again. The other
 * processes move theirs when they hear the same (`member-parts-changed`).
 *
 * On globalThis: the site's bundle (which writes) and the Express server (which reads) each load
 * this module. Cleared with the page caches (any content change), which also drop every kept part;
 * a change to one item's pages (clearTags) drops that item's parts and leaves the counters alone:
 * a counter set back to 0 would make parts kept under an earlier 0 current again.
 */
const KEY = Symbol.for('app.memberPartsVersions')
const MEMBER_PARTS_CHANGED = 'member-parts-changed'

type Versions = Map<number, number>

const bump = (map: Versions, userId: number) => map.set(userId, (map.get(userId) ?? 0) + 1)

const versions = (): Versions => {
  const global = globalThis as Record<symbol, Versions | undefined>
  let map = global[KEY]
  if (!map) {
    const created: Versions = new Map()
    map = global[KEY] = created
    registerPageCacheStore({ clear: () => created.clear(), clearTags: () => undefined })
    onSignal(MEMBER_PARTS_CHANGED, (data) => {
      const userId = (data as { userId?: unknown } | undefined)?.userId
      if (typeof userId === 'number') bump(created, userId)
    })
  }
  return map
}

/** The counter for a member's parts (0 until something of theirs changes). */
export const memberPartsVersion = (userId: number): number => versions().get(userId) ?? 0

/** Something a member's parts show changed outside their user row: call after the write committed. */
export function memberPartsChanged(userId: number): void {
  bump(versions(), userId)
  void sendSignal(MEMBER_PARTS_CHANGED, { userId })
}

import { registerPageCacheStore } from '../cms/hooks/page-cache'

/**
 * Rendered pages kept for a few seconds (server/page-cache.ts for visitors,
 * server/member-page-cache.ts for members' shells), bounded by count and by bytes (oldest out
 * first). Every content change clears it (cms/hooks/page-cache.ts) and moves `generation` on, so a
 * page whose rendering began before the change is not stored: it may show what the change replaced.
 */
/** Until when a page rendered now may be kept: its TTL, or sooner when what it shows changes by itself. */
export const keptUntil = (ttlMs: number, ...changesAt: (number | null | undefined)[]) =>
  Math.min(Date.now() + ttlMs, ...changesAt.map((at) => at ?? Number.POSITIVE_INFINITY))

export class HtmlStore<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; expires: number }>()
  private bytes = 0
  generation = 0

  constructor(private readonly limits: { maxEntries: number; maxBytes: number }) {
    registerPageCacheStore({
      clear: () => {
        this.generation++
        this.entries.clear()
        this.bytes = 0
      },
    })
  }

  /** The live entry for `key`; an expired one is dropped. */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires > now) return entry.value
    this.delete(key)
    return undefined
  }

  /** Keeps `value` until `expires` (epoch ms), unless the store was cleared since `renderedFrom`. */
  set(key: string, value: V, { bytes, expires, renderedFrom }: { bytes: number; expires: number; renderedFrom: number }) {
    if (renderedFrom !== this.generation || expires <= Date.now() || bytes > this.limits.maxBytes) return
    this.delete(key)
    this.entries.set(key, { value, bytes, expires })
    this.bytes += bytes
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) this.delete(this.entries.keys().next().value as string)
  }

  delete(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.bytes
  }
}

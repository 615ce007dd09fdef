import { registerPageCacheStore } from '../cms/hooks/page-cache'
import { ClearLog, pageKeyTags, showsAny } from '../cms/services/cache/clear-log'

/**
 * Rendered pages kept for a few seconds (server/page-cache.ts for visitors,
 * server/member-page-cache.ts for members' shells), bounded by count and by bytes (oldest out
 * first). A content change clears it (cms/hooks/page-cache.ts): every page, or only the pages whose
 * key shows a changed item (a comment on one video: that video's pages and parts, clear-log.ts).
 * Either moves `generation` on, and a page whose rendering began before a clear of what it shows is
 * not stored: it may show what the change replaced.
 */
/** Until when a page rendered now may be kept: its TTL, or sooner when what it shows changes by itself. */
export const keptUntil = (ttlMs: number, ...changesAt: (number | null | undefined)[]) =>
  Math.min(Date.now() + ttlMs, ...changesAt.map((at) => at ?? Number.POSITIVE_INFINITY))

export class HtmlStore<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; expires: number }>()
  private bytes = 0
  private readonly log = new ClearLog()

  constructor(private readonly limits: { maxEntries: number; maxBytes: number }) {
    registerPageCacheStore({
      clear: () => {
        this.log.full()
        this.entries.clear()
        this.bytes = 0
      },
      clearTags: (tags) => {
        this.log.tagged(tags)
        for (const key of [...this.entries.keys()]) if (showsAny(pageKeyTags(key), tags)) this.delete(key)
      },
    })
  }

  /** Read when a rendering starts, and handed to `set` as `renderedFrom`. */
  get generation(): number {
    return this.log.now
  }

  /** The live entry for `key`; an expired one is dropped. */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires > now) return entry.value
    this.delete(key)
    return undefined
  }

  /** Keeps `value` until `expires` (epoch ms), unless what it shows was cleared since `renderedFrom`. */
  set(key: string, value: V, { bytes, expires, renderedFrom }: { bytes: number; expires: number; renderedFrom: number }) {
    if (!this.log.keeps(renderedFrom, () => pageKeyTags(key)) || expires <= Date.now() || bytes > this.limits.maxBytes) return
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

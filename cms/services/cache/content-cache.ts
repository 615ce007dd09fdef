import { ClearLog, showsAny } from './clear-log'

/**
 * A small in-memory cache of resolved query results, with a time limit per entry, caps on the
 * number of entries and on their approximate size in bytes (least recently used go first), one
 * load per key at a time, and a
 * clear log so that a load which began before a clear of what it shows never stores what it read.
 * Values are deep-frozen: every caller shares them, so none may change them.
 */
export type ContentCacheOptions = {
  /** How long an entry is served, in ms; 0 turns the cache off (every call loads). */
  ttlMs: number
  maxEntries: number
  /** What the entries may hold in all (approximateBytes); unbounded when left out. */
  maxBytes?: number
  /** The clock, for tests. */
  now?: () => number
  /** What an entry's key shows (clear-log.ts), for `clearTags`; none by default. */
  tagsOf?: (key: string) => string[]
}

export type GetOptions<T> = {
  /** An earlier end for this entry than the TTL (epoch ms), e.g. when its data expires on its own. */
  expiresAt?: (value: T) => number | null | undefined
}

type Entry = { value: unknown; expires: number; bytes: number }

export class ContentCache {
  readonly ttlMs: number
  readonly maxEntries: number
  readonly maxBytes: number
  readonly #now: () => number
  readonly #tagsOf: (key: string) => string[]
  readonly #entries = new Map<string, Entry>()
  readonly #loading = new Map<string, Promise<unknown>>()
  readonly #log = new ClearLog()
  #bytes = 0

  constructor({ ttlMs, maxEntries, maxBytes = Number.POSITIVE_INFINITY, now = Date.now, tagsOf = () => [] }: ContentCacheOptions) {
    this.#tagsOf = tagsOf
    this.ttlMs = Math.max(0, Number.isFinite(ttlMs) ? ttlMs : 0)
    this.maxEntries = Math.max(1, Math.floor(maxEntries))
    this.maxBytes = Math.max(0, maxBytes)
    this.#now = now
  }

  get size(): number {
    return this.#entries.size
  }

  /** The entries' approximate size in bytes (approximateBytes). */
  get bytes(): number {
    return this.#bytes
  }

  has(key: string): boolean {
    const entry = this.#entries.get(key)
    return entry !== undefined && entry.expires > this.#now()
  }

  /** Drops every entry, and keeps loads already under way from storing what they read. */
  clear(): void {
    this.#log.full()
    this.#entries.clear()
    this.#bytes = 0
    this.#loading.clear()
  }

  /**
   * Drops the entries whose value matches, and keeps loads already under way (whose value is not
   * known yet) from storing what they read; other entries stay.
   */
  deleteWhere(matches: (value: unknown) => boolean): void {
    this.#log.full()
    this.#loading.clear()
    for (const [key, entry] of this.#entries) if (matches(entry.value)) this.#delete(key, entry)
  }

  /**
   * Replaces the entries whose value matches with `update(value)` (frozen; same expiry), and keeps
   * loads already under way from storing what they read (it may predate the change).
   */
  updateWhere<T>(matches: (value: unknown) => boolean, update: (value: T) => T): void {
    this.#log.full()
    this.#loading.clear()
    const matched = [...this.#entries].filter(([, entry]) => matches(entry.value))
    for (const [key, entry] of matched) this.#store(key, { value: deepFreeze(update(entry.value as T)), expires: entry.expires })
  }

  /**
   * Drops the entries whose key shows one of `tags` (the `tagsOf` option), and keeps loads of such
   * keys already under way from storing what they read; other entries and loads go on.
   */
  clearTags(tags: readonly string[]): void {
    this.#log.tagged(tags)
    for (const key of [...this.#loading.keys()]) if (showsAny(this.#tagsOf(key), tags)) this.#loading.delete(key)
    for (const [key, entry] of [...this.#entries]) if (showsAny(this.#tagsOf(key), tags)) this.#delete(key, entry)
  }

  /**
   * The cached value for `key`, or the result of `load` (frozen, and stored unless the cache was
   * cleared while it ran). Concurrent callers of one key share one load; a failed load is not
   * stored and every waiting caller gets its error.
   */
  async get<T>(key: string, load: () => Promise<T>, options: GetOptions<T> = {}): Promise<T> {
    if (this.ttlMs === 0) return load()
    const started = this.#now()
    const hit = this.#entries.get(key)
    if (hit) {
      this.#entries.delete(key)
      if (hit.expires > started) {
        this.#entries.set(key, hit) // most recently used goes last
        return hit.value as T
      }
      this.#bytes -= hit.bytes
    }
    const pending = this.#loading.get(key)
    if (pending) return pending as Promise<T>

    const since = this.#log.now
    const loading = load().then((value) => {
      const frozen = deepFreeze(value)
      if (this.#log.keeps(since, () => this.#tagsOf(key))) {
        const expires = Math.min(started + this.ttlMs, options.expiresAt?.(frozen) ?? Number.POSITIVE_INFINITY)
        if (expires > this.#now()) this.#store(key, { value: frozen, expires })
      }
      return frozen
    })
    this.#loading.set(key, loading)
    const settled = () => {
      if (this.#loading.get(key) === loading) this.#loading.delete(key)
    }
    loading.then(settled, settled)
    return loading
  }

  #store(key: string, { value, expires }: Omit<Entry, 'bytes'>) {
    const previous = this.#entries.get(key)
    if (previous) this.#delete(key, previous)
    const bytes = approximateBytes(value)
    // One value larger than the whole budget is answered but not kept.
    if (bytes > this.maxBytes) return
    this.#entries.set(key, { value, expires, bytes })
    this.#bytes += bytes
    while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes) {
      const oldest = this.#entries.entries().next()
      if (oldest.done) break
      this.#delete(...oldest.value)
    }
  }

  #delete(key: string, entry: Entry) {
    this.#entries.delete(key)
    this.#bytes -= entry.bytes
  }
}

/**
 * About how many bytes `value` holds in memory (plain data): 2 per string character, 8 per number
 * or other primitive, 16 per object or array slot and 32 per object or array, bytes of binary views.
 * A budget, not a measurement: shared substructures count once per reference.
 */
export function approximateBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return 16 + 2 * value.length
  if (value === null || typeof value !== 'object') return 8
  if (ArrayBuffer.isView(value)) return 32 + value.byteLength
  if (depth > 64) return 32
  let bytes = 32
  if (Array.isArray(value)) {
    for (const item of value) bytes += 8 + approximateBytes(item, depth + 1)
    return bytes
  }
  for (const [key, item] of Object.entries(value)) bytes += 16 + 2 * key.length + approximateBytes(item, depth + 1)
  return bytes
}

/** Freezes `value` and everything reachable from it (plain data: objects, arrays, primitives). */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (value === null || typeof value !== 'object' || seen.has(value) || ArrayBuffer.isView(value)) return value
  seen.add(value)
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen)
  Object.freeze(value)
  return value
}

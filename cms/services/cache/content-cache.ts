/**
 * A small in-memory cache of resolved query results, with a time limit per entry, a cap on the
 * number of entries (least recently used go first), one load per key at a time, and a
 * generation counter so that a load which began before a clear never stores what it read.
 * Values are deep-frozen: every caller shares them, so none may change them.
 */
export type ContentCacheOptions = {
  /** How long an entry is served, in ms; 0 turns the cache off (every call loads). */
  ttlMs: number
  maxEntries: number
  /** The clock, for tests. */
  now?: () => number
}

export type GetOptions<T> = {
  /** An earlier end for this entry than the TTL (epoch ms), e.g. when its data expires on its own. */
  expiresAt?: (value: T) => number | null | undefined
}

type Entry = { value: unknown; expires: number }

export class ContentCache {
  readonly ttlMs: number
  readonly maxEntries: number
  readonly #now: () => number
  readonly #entries = new Map<string, Entry>()
  readonly #loading = new Map<string, Promise<unknown>>()
  #generation = 0

  constructor({ ttlMs, maxEntries, now = Date.now }: ContentCacheOptions) {
    this.ttlMs = Math.max(0, Number.isFinite(ttlMs) ? ttlMs : 0)
    this.maxEntries = Math.max(1, Math.floor(maxEntries))
    this.#now = now
  }

  get size(): number {
    return this.#entries.size
  }

  has(key: string): boolean {
    const entry = this.#entries.get(key)
    return entry !== undefined && entry.expires > this.#now()
  }

  /** Drops every entry, and keeps loads already under way from storing what they read. */
  clear(): void {
    this.#generation++
    this.#entries.clear()
    this.#loading.clear()
  }

  /**
   * Drops the entries whose value matches, and keeps loads already under way (whose value is not
   * known yet) from storing what they read; other entries stay.
   */
  deleteWhere(matches: (value: unknown) => boolean): void {
    this.#generation++
    this.#loading.clear()
    for (const [key, entry] of this.#entries) if (matches(entry.value)) this.#entries.delete(key)
  }

  /**
   * Replaces the entries whose value matches with `update(value)` (frozen; same expiry), and keeps
   * loads already under way from storing what they read (it may predate the change).
   */
  updateWhere<T>(matches: (value: unknown) => boolean, update: (value: T) => T): void {
    this.#generation++
    this.#loading.clear()
    for (const entry of this.#entries.values()) if (matches(entry.value)) entry.value = deepFreeze(update(entry.value as T))
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
    }
    const pending = this.#loading.get(key)
    if (pending) return pending as Promise<T>

    const generation = this.#generation
    const loading = load().then((value) => {
      const frozen = deepFreeze(value)
      if (generation === this.#generation) {
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

  #store(key: string, entry: Entry) {
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next()
      if (oldest.done) break
      this.#entries.delete(oldest.value)
    }
  }
}

/** Freezes `value` and everything reachable from it (plain data: objects, arrays, primitives). */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (value === null || typeof value !== 'object' || seen.has(value) || ArrayBuffer.isView(value)) return value
  seen.add(value)
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen)
  Object.freeze(value)
  return value
}

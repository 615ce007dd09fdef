import { describe, expect, it, vi } from 'vitest'

import type { User } from '../../payload-types'
import { cacheAudience } from './audience'
import { approximateBytes, ContentCache, deepFreeze } from './content-cache'

const clock = (start = 1_000_000) => {
  let t = start
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

const deferred = <T>() => {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('ContentCache', () => {
  it('loads once per key and serves the stored value until the TTL is over', async () => {
    const time = clock()
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10, now: time.now })
    const load = vi.fn(async () => ({ n: load.mock.calls.length }))
    expect(await cache.get('a', load)).toEqual({ n: 1 })
    time.advance(9_999)
    expect(await cache.get('a', load)).toEqual({ n: 1 })
    expect(load).toHaveBeenCalledTimes(1)
    time.advance(1)
    expect(await cache.get('a', load)).toEqual({ n: 2 })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('keeps different keys apart', async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10 })
    expect(await cache.get('["member","videos:page","x"]', async () => ({ videoUrl: null }))).toEqual({ videoUrl: null })
    expect(await cache.get('["premium","videos:page","x"]', async () => ({ videoUrl: '/media/videos/x.mp4' }))).toEqual({ videoUrl: '/media/videos/x.mp4' })
    expect(await cache.get('["member","videos:page","x"]', async () => ({ videoUrl: 'never loaded' }))).toEqual({ videoUrl: null })
  })

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 3 })
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key)
    await cache.get('a', async () => 'reloaded') // a is now the most recently used
    await cache.get('d', async () => 'd')
    expect(cache.size).toBe(3)
    expect(cache.has('b')).toBe(false)
    expect(['a', 'c', 'd'].every((key) => cache.has(key))).toBe(true)
    expect(await cache.get('a', async () => 'reloaded')).toBe('a')
  })

  it('holds at most maxBytes, dropping the least recently used; a value over the whole budget is answered, not kept', async () => {
    const page = (n: number) => ({ title: 'x'.repeat(1000), n }) // about 2 KB each
    const one = approximateBytes(page(0))
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 100, maxBytes: one * 3 })
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => page(1))
    await cache.get('a', async () => page(2)) // a is now the most recently used
    await cache.get('d', async () => page(3))
    expect(cache.size).toBe(3)
    expect(cache.bytes).toBeLessThanOrEqual(one * 3)
    expect(cache.has('b')).toBe(false)
    expect(await cache.get('huge', async () => 'y'.repeat(one * 4))).toHaveLength(one * 4)
    expect(cache.has('huge')).toBe(false)
    expect(['a', 'c', 'd'].every((key) => cache.has(key))).toBe(true)
    cache.clear()
    expect(cache.bytes).toBe(0)
  })

  it('keeps its byte count through updates and removals', async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10, maxBytes: 1_000_000 })
    await cache.get('a', async () => ({ id: 1, points: 5 }))
    await cache.get('b', async () => ({ id: 2, bio: 'short' }))
    cache.updateWhere<{ id: number; bio?: string }>((value) => (value as { id: number }).id === 2, (value) => ({ ...value, bio: 'z'.repeat(500) }))
    expect(cache.bytes).toBe(approximateBytes({ id: 1, points: 5 }) + approximateBytes({ id: 2, bio: 'z'.repeat(500) }))
    cache.deleteWhere((value) => (value as { id: number }).id === 1)
    expect(cache.bytes).toBe(approximateBytes({ id: 2, bio: 'z'.repeat(500) }))
  })

  it('clear() drops every entry', async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10 })
    await cache.get('a', async () => 1)
    cache.clear()
    expect(cache.size).toBe(0)
    expect(await cache.get('a', async () => 2)).toBe(2)
  })

  it('a load that began before a clear is returned to its callers but never stored', async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10 })
    const old = deferred<string>()
    const first = cache.get('a', () => old.promise)
    cache.clear()
    // A caller after the clear does not join the old load: it reads again.
    const fresh = cache.get('a', async () => 'new')
    old.resolve('old')
    expect(await first).toBe('old')
    expect(await fresh).toBe('new')
    expect(await cache.get('a', async () => 'newer')).toBe('new')
  })

  it('deleteWhere() drops the matching entries only, and no load under way stores what it read', async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10 })
    await cache.get('token-a', async () => ({ id: 1 }))
    await cache.get('token-b', async () => ({ id: 2 }))
    const old = deferred<{ id: number }>()
    const pending = cache.get('token-c', () => old.promise)
    cache.deleteWhere((value) => (value as { id: number }).id === 1)
    old.resolve({ id: 1 })
    await pending
    expect(cache.has('token-a')).toBe(false)
    expect(cache.has('token-c')).toBe(false)
    expect(await cache.get('token-b', async () => ({ id: 99 }))).toEqual({ id: 2 })
  })

  it('concurrent callers of one key share one load', async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10 })
    const pending = deferred<string>()
    const load = vi.fn(() => pending.promise)
    const results = Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])
    pending.resolve('v')
    expect(await results).toEqual(['v', 'v', 'v'])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('does not store a failed load; every waiting caller gets the error', async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10 })
    const pending = deferred<string>()
    const both = [cache.get('a', () => pending.promise), cache.get('a', () => pending.promise)]
    pending.reject(new Error('boom'))
    for (const p of both) await expect(p).rejects.toThrow('boom')
    expect(cache.size).toBe(0)
    expect(await cache.get('a', async () => 'ok')).toBe('ok')
  })

  it('an entry with an earlier end of its own leaves then', async () => {
    const time = clock()
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10, now: time.now })
    await cache.get('a', async () => 'x', { expiresAt: () => time.now() + 3_000 })
    time.advance(2_999)
    expect(cache.has('a')).toBe(true)
    time.advance(1)
    expect(cache.has('a')).toBe(false)
    // An end already past: served to the caller, not stored.
    await cache.get('b', async () => 'y', { expiresAt: () => time.now() - 1 })
    expect(cache.has('b')).toBe(false)
  })

  it('with a TTL of 0 it stores nothing', async () => {
    const cache = new ContentCache({ ttlMs: 0, maxEntries: 10 })
    const load = vi.fn(async () => ({ v: 1 }))
    await cache.get('a', load)
    const value = await cache.get('a', load)
    expect(load).toHaveBeenCalledTimes(2)
    expect(cache.size).toBe(0)
    expect(Object.isFrozen(value)).toBe(false)
  })

  it('hands out frozen values, so no caller can change what the next one reads', async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10 })
    const value = await cache.get('a', async () => ({ videos: [{ title: 'A', tags: ['x'] }], total: 1 }))
    expect(() => {
      ;(value.videos[0] as { title: string }).title = 'changed'
    }).toThrow(TypeError)
    expect(() => value.videos.push({ title: 'B', tags: [] })).toThrow(TypeError)
    expect(() => value.videos[0]!.tags.push('y')).toThrow(TypeError)
    expect(await cache.get('a', async () => ({ videos: [], total: 0 }))).toEqual({ videos: [{ title: 'A', tags: ['x'] }], total: 1 })
  })
})

describe('deepFreeze', () => {
  it('freezes nested objects and arrays, copes with cycles and leaves primitives alone', () => {
    const node: { self?: unknown; list: { n: number }[] } = { list: [{ n: 1 }] }
    node.self = node
    expect(deepFreeze(node)).toBe(node)
    expect(Object.isFrozen(node) && Object.isFrozen(node.list) && Object.isFrozen(node.list[0])).toBe(true)
    expect(deepFreeze(null)).toBeNull()
    expect(deepFreeze('s')).toBe('s')
  })
})

describe('cacheAudience', () => {
  const user = (over: Partial<User>) => ({ id: 1, username: 'm', ...over }) as User
  const now = new Date('2026-06-01T00:00:00Z')

  it('keeps every role a read access rule looks at apart, and never caches for admins', () => {
    expect(cacheAudience(null, now)).toBe('visitor')
    expect(cacheAudience(undefined, now)).toBe('visitor')
    expect(cacheAudience(user({}), now)).toBe('member')
    expect(cacheAudience(user({ isPremium: true }), now)).toBe('premium')
    expect(cacheAudience(user({ isModerator: true }), now)).toBe('moderator')
    expect(cacheAudience(user({ isModerator: true, isPremium: true }), now)).toBe('premium-moderator')
    expect(cacheAudience(user({ isAdmin: true }), now)).toBeNull()
    expect(cacheAudience(user({ isAdmin: true, isPremium: true }), now)).toBeNull()
  })

  it('a lapsed premium membership reads as a member', () => {
    expect(cacheAudience(user({ isPremium: true, premiumExpiresAt: '2026-05-31T23:59:59Z' }), now)).toBe('member')
    expect(cacheAudience(user({ isPremium: true, premiumExpiresAt: '2026-06-01T00:00:01Z' }), now)).toBe('premium')
  })
})

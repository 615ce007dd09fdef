import { describe, expect, it } from 'vitest'

import { registerPageCacheStore, clearPageCacheTags } from '../../hooks/page-cache'
import { HtmlStore } from '../../../server/html-store'
import { ClearLog, contentKeyTags, pageKeyTags } from './clear-log'
import { ContentCache } from './content-cache'

const deferred = <T>() => {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => (resolve = res))
  return { promise, resolve }
}

describe('tags of kept things', () => {
  it('names the item a page, a member shell or a member part shows', () => {
    expect(pageKeyTags('/video/abc_1?t=3')).toEqual(['video:abc_1'])
    expect(pageKeyTags('member /post/a-story')).toEqual(['post:a-story'])
    expect(pageKeyTags('/blog?page=2')).toEqual([])
    expect(pageKeyTags('7\n3\nUTC\n{}\ncomments\n{"videoId":"abc_1"}')).toEqual(['video:abc_1'])
    expect(pageKeyTags('7\n3\nUTC\n{}\npostBookmark\n{"postId":4,"slug":"a-story"}')).toEqual(['post:a-story'])
  })

  it('names the item of the query results that show one', () => {
    expect(contentKeyTags('["visitor","videos:page","abc"]')).toEqual(['video:abc'])
    expect(contentKeyTags('["premium","videos:detail","abc"]')).toEqual(['video:abc'])
    expect(contentKeyTags('["member","posts:page","a-story"]')).toEqual(['post:a-story'])
    expect(contentKeyTags('["visitor","videos:list",1,24]')).toEqual([])
  })
})

describe('ClearLog', () => {
  it('refuses a load that a later clear of what it shows overlapped, and only that one', () => {
    const log = new ClearLog()
    const since = log.now
    log.tagged(['video:x'])
    expect(log.keeps(since, () => ['video:x'])).toBe(false)
    expect(log.keeps(since, () => ['video:y'])).toBe(true)
    expect(log.keeps(log.now, () => ['video:x'])).toBe(true)
    log.full()
    expect(log.keeps(since, () => [])).toBe(false)
  })

  it('refuses every older load once it forgets targeted clears', () => {
    const log = new ClearLog()
    const since = log.now
    for (let i = 0; i < 100; i++) log.tagged([`video:${i}`])
    expect(log.keeps(since, () => ['post:other'])).toBe(false)
    expect(log.keeps(log.now, () => ['post:other'])).toBe(true)
  })
})

describe('ContentCache.clearTags', () => {
  it('drops the tagged entries, keeps the others, and stores no tagged load that was under way', async () => {
    const cache = new ContentCache({ ttlMs: 10_000, maxEntries: 10, tagsOf: contentKeyTags })
    const x = '["visitor","videos:page","x"]'
    const y = '["visitor","videos:page","y"]'
    await cache.get(x, async () => 'x1')
    await cache.get(y, async () => 'y1')
    const slow = deferred<string>()
    const slowY = deferred<string>()
    const loadingX = cache.get('["member","videos:page","x"]', () => slow.promise)
    const loadingY = cache.get('["member","videos:page","y"]', () => slowY.promise)
    cache.clearTags(['video:x'])
    slow.resolve('old x')
    slowY.resolve('y2')
    await Promise.all([loadingX, loadingY])
    expect(cache.has(x)).toBe(false)
    expect(cache.has(y)).toBe(true)
    expect(cache.has('["member","videos:page","x"]')).toBe(false)
    expect(cache.has('["member","videos:page","y"]')).toBe(true)
  })
})

describe('HtmlStore and the page-cache registry', () => {
  it('a targeted clear drops the tagged pages only; a page rendered across it is not kept', () => {
    const store = new HtmlStore<string>({ maxEntries: 10, maxBytes: 1000 })
    const expires = Date.now() + 10_000
    store.set('/video/x', 'x', { bytes: 1, expires, renderedFrom: store.generation })
    store.set('/post/y', 'y', { bytes: 1, expires, renderedFrom: store.generation })
    const renderingX = store.generation
    const renderingZ = store.generation
    clearPageCacheTags(['video:x'])
    expect(store.get('/video/x')).toBeUndefined()
    expect(store.get('/post/y')).toBe('y')
    store.set('/video/x?again', 'stale x', { bytes: 1, expires, renderedFrom: renderingX })
    store.set('/video/z', 'z', { bytes: 1, expires, renderedFrom: renderingZ })
    expect(store.get('/video/x?again')).toBeUndefined()
    expect(store.get('/video/z')).toBe('z')
  })

  it('a store that cannot tell what it shows clears everything on a targeted clear', () => {
    let cleared = 0
    const unregister = registerPageCacheStore({ clear: () => cleared++ })
    clearPageCacheTags(['video:x'])
    unregister()
    expect(cleared).toBe(1)
  })
})

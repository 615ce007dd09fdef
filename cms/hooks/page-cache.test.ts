import type { CollectionAfterChangeHook, CollectionConfig, PayloadRequest } from 'payload'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { clearPageCache, clearsPageCache, pageCacheStores, registerPageCacheStore } from './page-cache'

const unregister: (() => void)[] = []
const store = () => {
  const s = { clear: vi.fn() }
  unregister.push(registerPageCacheStore(s))
  return s
}
afterEach(() => unregister.splice(0).forEach((off) => off()))

describe('page cache stores', () => {
  it('every registered store is cleared, and an unregistered one no more', () => {
    const pages = store()
    const content = store()
    clearPageCache()
    expect(pages.clear).toHaveBeenCalledTimes(1)
    expect(content.clear).toHaveBeenCalledTimes(1)
    unregister.pop()!()
    clearPageCache()
    expect(content.clear).toHaveBeenCalledTimes(1)
    expect(pages.clear).toHaveBeenCalledTimes(2)
  })

  it('one failing store does not keep the others from clearing', () => {
    unregister.push(registerPageCacheStore({ clear: () => { throw new Error('broken') } }))
    const other = store()
    expect(() => clearPageCache()).toThrow('broken')
    expect(other.clear).toHaveBeenCalledTimes(1)
  })

  it('shares one registry through globalThis', () => {
    const s = store()
    expect(pageCacheStores()).toContain(s)
  })
})

describe('clearsPageCache hooks', () => {
  const hookOf = () => clearsPageCache({ slug: 'posts', fields: [] } as CollectionConfig).hooks!.afterChange!.at(-1) as CollectionAfterChangeHook
  const run = (req: Partial<PayloadRequest>) => hookOf()({ doc: { id: 1 }, req: req as PayloadRequest } as Parameters<CollectionAfterChangeHook>[0])

  it('clear at once, and again when the write’s transaction commits', async () => {
    const s = store()
    const order: string[] = []
    const session = { resolve: vi.fn(async () => order.push('committed')), reject: vi.fn(async () => order.push('rolled back')) }
    s.clear.mockImplementation(() => order.push('cleared'))
    const req = { transactionID: 'tx1', payload: { db: { sessions: { tx1: session } }, logger: { error: vi.fn() } } } as unknown as PayloadRequest
    await run(req)
    await run(req) // a second write in the same transaction watches it once
    expect(order).toEqual(['cleared', 'cleared'])
    await session.resolve()
    expect(order).toEqual(['cleared', 'cleared', 'committed', 'cleared'])
  })

  it('a rolled back transaction clears too, and a write without one is cleared once', async () => {
    const s = store()
    const session = { resolve: vi.fn(async () => undefined), reject: vi.fn(async () => undefined) }
    await run({ transactionID: 'tx2', payload: { db: { sessions: { tx2: session } } } } as unknown as PayloadRequest)
    await session.reject()
    expect(s.clear).toHaveBeenCalledTimes(2)
    await run({ payload: { db: {} } } as unknown as PayloadRequest)
    expect(s.clear).toHaveBeenCalledTimes(3)
  })
})

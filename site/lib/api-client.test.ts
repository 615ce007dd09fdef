import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiJson, apiRequest, getQueryFn, urlFromQueryKey } from './api-client'

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' }, ...init })

const run = (fn: ReturnType<typeof getQueryFn>, queryKey: unknown[]) =>
  fn({ queryKey, signal: new AbortController().signal, meta: undefined } as never)

afterEach(() => vi.unstubAllGlobals())

describe('urlFromQueryKey', () => {
  it('uses the first element as the URL and an object in second position as query params', () => {
    expect(urlFromQueryKey(['/api/videos', { limit: 24, page: 2 }])).toBe('/api/videos?limit=24&page=2')
  })
  it('skips null and undefined params, keeps 0 and false', () => {
    expect(urlFromQueryKey(['/api/blog-posts', { categoryId: null, search: undefined, page: 0, x: false }])).toBe(
      '/api/blog-posts?page=0&x=false',
    )
  })
  it('ignores non-object second elements and extends an existing query string', () => {
    expect(urlFromQueryKey(['/api/videos/abc', 'seo'])).toBe('/api/videos/abc')
    expect(urlFromQueryKey(['/api/announcements?active=true', { limit: 3 }])).toBe('/api/announcements?active=true&limit=3')
  })
})

describe('apiRequest', () => {
  it('sends JSON with credentials', async () => {
    const fetchMock = vi.fn(async () => json({ ok: true }))
    vi.stubGlobal('fetch', fetchMock)
    await apiJson('POST', '/api/auth/login', { username: 'a', password: 'b' })
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"username":"a","password":"b"}',
    })
  })
  it('throws "{status}: {body}" on a non-ok response, or the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', async () => json({ error: 'Invalid credentials' }, { status: 401, statusText: 'Unauthorized' }))
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow('401: {"error":"Invalid credentials"}')
    vi.stubGlobal('fetch', async () => new Response('', { status: 429, statusText: 'Too Many Requests' }))
    await expect(apiRequest('POST', '/api/auth/logout')).rejects.toThrow('429: Too Many Requests')
  })
})

describe('getQueryFn', () => {
  it('returns null on 401 when the query opts in, throws otherwise', async () => {
    vi.stubGlobal('fetch', async () => json({ error: 'Not authenticated' }, { status: 401 }))
    await expect(run(getQueryFn({ on401: 'returnNull' }), ['/api/auth/me'])).resolves.toBeNull()
    await expect(run(getQueryFn({ on401: 'throw' }), ['/api/auth/me'])).rejects.toThrow(/^401: /)
  })
  it('GETs the key URL with credentials and parses JSON', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json({ videos: [] }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(run(getQueryFn({ on401: 'throw' }), ['/api/videos', { limit: 6, page: 1 }])).resolves.toEqual({ videos: [] })
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/videos?limit=6&page=1')
    expect(fetchMock.mock.calls[0]![1].credentials).toBe('include')
  })
})

// Browser side of the JSON API (SPEC §7): every call sends the session cookie, any non-ok
// response becomes an Error whose message is "{status}: {body text or status text}".
import type { QueryFunction } from '@tanstack/react-query'
import { throwIfNotOk } from '../../shared/api-error'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Sends a request and returns the Response once it is ok; throws otherwise.
 * A plain object/array body is sent as JSON; a FormData body goes as multipart (the browser sets
 * the boundary); no body sends nothing.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } }
  if (body instanceof FormData) {
    init.body = body
  } else if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' }
    init.body = JSON.stringify(body)
  }
  const res = await fetch(url, init)
  await throwIfNotOk(res)
  return res
}

/** apiRequest, then the parsed JSON body (null for an empty 204-style body). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body)
  return readJson<T>(res)
}

async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text()
  return (text ? JSON.parse(text) : null) as T
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>

/**
 * The URL a query key stands for: the first element is the URL; a plain object in the second
 * position becomes query parameters (null and undefined skipped). Later elements only make the
 * cache key distinct.
 */
export function urlFromQueryKey(queryKey: readonly unknown[]): string {
  const [base, params] = queryKey
  if (typeof base !== 'string') throw new Error('The first element of a query key must be a URL')
  if (!params || typeof params !== 'object' || Array.isArray(params)) return base
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params as QueryParams)) {
    if (value === null || value === undefined) continue
    search.append(key, String(value))
  }
  const qs = search.toString()
  if (!qs) return base
  return `${base}${base.includes('?') ? '&' : '?'}${qs}`
}

export type UnauthorizedBehavior = 'returnNull' | 'throw'

/** GET query function; a 401 throws unless the query opts into null (e.g. the me query). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(urlFromQueryKey(queryKey), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    })
    if (on401 === 'returnNull' && res.status === 401) return null
    await throwIfNotOk(res)
    return readJson<T>(res)
  }
}

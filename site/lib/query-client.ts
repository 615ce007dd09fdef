// One QueryClient for the whole page. Every island is its own React root, but they import this
// module from the same bundle chunk, so they share the client and its cache.
// On the server each island render gets a fresh client: a module-level cache there would be shared
// by every request and leak one member's data into another member's HTML.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { createElement, useState, type ComponentType, type ReactNode } from 'react'
import type { SessionUser } from '../../shared/schemas/auth'
import { getQueryFn } from './api-client'

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}

let browserClient: QueryClient | undefined

/** The page's shared client in the browser; a new, request-local one on the server. */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient()
  browserClient ??= makeQueryClient()
  return browserClient
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient)
  return createElement(QueryClientProvider, { client }, children)
}

/** Wraps an island's root component in the shared QueryClientProvider. */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return createElement(QueryProvider, null, createElement(Component, props))
  }
  WithQueryClient.displayName = `withQueryClient(${Component.displayName ?? Component.name ?? 'Island'})`
  return WithQueryClient
}

export const ME_QUERY_KEY = ['/api/auth/me'] as const

/**
 * The signed-in member (null for a visitor). Seed it with the user the server rendered the page
 * for, so islands agree with the HTML and no request is made on load.
 */
export function useMe(initialUser?: SessionUser | null) {
  return useQuery<SessionUser | null>({
    queryKey: ME_QUERY_KEY,
    queryFn: getQueryFn<SessionUser>({ on401: 'returnNull' }),
    retry: false,
    ...(initialUser !== undefined ? { initialData: initialUser } : {}),
  })
}

/** After login / register / verify-age: the me cache holds the user the server returned. */
export function setMe(user: SessionUser | null): void {
  getQueryClient().setQueryData(ME_QUERY_KEY, user)
}

// The video page's comment count, shared by the islands that show it: the comments section sets
// it after each post or delete; the facts line under the title and the Engagement card follow.
import { useEffect, useState } from 'react'
import { create } from 'zustand'

import { COMMENT_COUNT_EVENT } from './comment-count-keys'

interface CommentCountState {
  counts: Record<string, number>
  setCount: (videoId: string, count: number) => void
}

export const useCommentCountStore = create<CommentCountState>((set) => ({
  counts: {},
  setCount: (videoId, count) => {
    set((state) => (state.counts[videoId] === count ? state : { counts: { ...state.counts, [videoId]: count } }))
    // Wakes the count islands (`client:count`), which read the store once hydrated.
    if (typeof window !== 'undefined') window.dispatchEvent(new Event(COMMENT_COUNT_EVENT))
  },
}))

/** The count of `videoId` as last set on this page, or `initial` (the server's) until then. */
export const useCommentCount = (videoId: string, initial: number) =>
  useCommentCountStore((state) => state.counts[videoId] ?? initial)

/**
 * The same for an island that hydrates after the count changed (`client:count`): its first render
 * matches the server's HTML (`initial`), the store's count follows right after hydration.
 */
export function useHydratedCommentCount(videoId: string, initial: number) {
  const count = useCommentCount(videoId, initial)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated ? count : initial
}

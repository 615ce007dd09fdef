// The video page's comment count, shared by the islands that show it: the comments section sets
// it after each post or delete; the facts line under the title and the Engagement card follow.
import { create } from 'zustand'

interface CommentCountState {
  counts: Record<string, number>
  setCount: (videoId: string, count: number) => void
}

export const useCommentCountStore = create<CommentCountState>((set) => ({
  counts: {},
  setCount: (videoId, count) => set((state) => (state.counts[videoId] === count ? state : { counts: { ...state.counts, [videoId]: count } })),
}))

/** The count of `videoId` as last set on this page, or `initial` (the server's) until then. */
export const useCommentCount = (videoId: string, initial: number) =>
  useCommentCountStore((state) => state.counts[videoId] ?? initial)

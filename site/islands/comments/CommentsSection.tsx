import { useState } from 'react'
import { messageFromApiError } from '../../../shared/api-error'
import { NO_COMMENTS_DESCRIPTION, NO_COMMENTS_TITLE } from '../../../shared/messages'
import type { SessionUser } from '../../../shared/schemas/auth'
import type { CommentPage, CommentView } from '../../../shared/types/members'
import { apiJson } from '../../lib/api-client'
import { withQueryClient } from '../../lib/query-client'
import { useCommentCount, useCommentCountStore } from '../../lib/stores/comment-count-store'
import { toast } from '../../lib/stores/toast-store'
import { Button } from '../ui/Button'
import { CARD_CLASS, cx } from '../ui/styles'
import { CommentForm } from './CommentForm'
import { CommentItem } from './CommentItem'
import { useNow } from './use-now'

export interface CommentsSectionProps {
  /** The video's videoId (as in /video/{videoId}). */
  videoId: string
  /** First page, newest first, as listComments() returned it for this viewer. */
  initialComments: CommentView[]
  /** Every comment on the video, replies included. */
  initialCount: number
  /** Top-level comments (what 'Show more comments' pages through); defaults to initialCount. */
  initialTopCount?: number
  viewer: SessionUser | null
  /** The creator's account (site settings): its comments show 'Creator'. */
  creatorId: number | null
  /** When the server rendered the list (ISO); relative times start from it. */
  renderedAt?: string
}

/** The video page's comments section (SPEC §2): heading with count, form, list, empty state. */
function CommentsSection({ videoId, initialComments, initialCount, initialTopCount, viewer, creatorId, renderedAt }: CommentsSectionProps) {
  const [comments, setComments] = useState(initialComments)
  const [topCount, setTopCount] = useState(initialTopCount ?? initialCount)
  // The page's other counts (facts line, Engagement) follow this one through the shared store.
  const count = useCommentCount(videoId, initialCount)
  const setStoreCount = useCommentCountStore((state) => state.setCount)
  const setCount = (update: (n: number) => number) => setStoreCount(videoId, Math.max(0, update(useCommentCountStore.getState().counts[videoId] ?? initialCount)))
  const [page, setPage] = useState(1)
  const [loadingMore, setLoadingMore] = useState(false)
  const now = useNow(renderedAt ?? new Date().toISOString())

  // A reply lives in its top-level comment's `replies`; everything else is a top-level comment.
  const replace = (updated: CommentView) =>
    setComments((list) =>
      list.map((c) =>
        c.id === updated.id
          ? updated
          : c.id === updated.parentId
            ? { ...c, replies: c.replies.map((r) => (r.id === updated.id ? updated : r)) }
            : c,
      ),
    )
  const removed = (gone: CommentView) => {
    if (gone.parentId !== null) {
      setComments((list) => list.map((c) => (c.id === gone.parentId ? { ...c, replies: c.replies.filter((r) => r.id !== gone.id) } : c)))
      setCount((n) => n - 1)
      return
    }
    // Its replies were deleted with it.
    setComments((list) => list.filter((c) => c.id !== gone.id))
    setTopCount((n) => Math.max(0, n - 1))
    setCount((n) => n - 1 - gone.replies.length)
  }
  const posted = (comment: CommentView) => {
    setComments((list) => [comment, ...list])
    setTopCount((n) => n + 1)
    setCount((n) => n + 1)
  }
  const replied = (reply: CommentView) => {
    setComments((list) => list.map((c) => (c.id === reply.parentId ? { ...c, replies: [...c.replies, reply] } : c)))
    setCount((n) => n + 1)
  }

  async function loadMore() {
    setLoadingMore(true)
    try {
      const next = await apiJson<CommentPage>('GET', `/api/videos/${encodeURIComponent(videoId)}/comments?page=${page + 1}`)
      setComments((list) => [...list, ...next.comments.filter((c) => !list.some((o) => o.id === c.id))])
      setTopCount(next.totalDocs)
      setCount(() => next.commentCount)
      setPage(page + 1)
    } catch (error) {
      toast({ title: 'Could not load more comments', description: messageFromApiError(error), variant: 'destructive' })
    } finally {
      setLoadingMore(false)
    }
  }

  return (
    <section id="comments" aria-labelledby="comments-heading" className={cx(CARD_CLASS, 'scroll-mt-24 p-5 sm:p-6')}>
      <h2 id="comments-heading" className="text-2xl font-bold">
        {`Comments (${count})`}
      </h2>
      <div className="mt-5">
        <CommentForm videoId={videoId} viewer={viewer} onPosted={posted} />
      </div>
      <div className="mt-6 border-t border-border pt-6">
        {comments.length === 0 ? (
          <div className="py-8 text-center">
            <p className="text-lg font-semibold">{NO_COMMENTS_TITLE}</p>
            <p className="mt-1 text-muted-foreground">{NO_COMMENTS_DESCRIPTION}</p>
          </div>
        ) : (
          <ul aria-label="Comments" className="divide-y divide-border">
            {comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                viewer={viewer}
                creatorId={creatorId}
                now={now}
                onChange={replace}
                onDeleted={removed}
                onReplied={replied}
              />
            ))}
          </ul>
        )}
        {comments.length > 0 && comments.length < topCount ? (
          <div className="mt-6 text-center">
            <Button variant="outline" onClick={loadMore} aria-disabled={loadingMore || undefined}>
              {loadingMore ? 'Loading...' : 'Show more comments'}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  )
}

export default withQueryClient(CommentsSection)

import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { messageFromApiError } from '../../../shared/api-error'
import { initials, formatRelativeTime } from '../../../shared/format'
import { COMMENT_DELETED, FAILED_TO_REACT } from '../../../shared/member-messages'
import { FAILED_TO_DELETE_COMMENT, FAILED_TO_LIKE_COMMENT } from '../../../shared/messages'
import type { SessionUser } from '../../../shared/schemas/auth'
import type { CommentView, LikeResult, ReactionResult } from '../../../shared/types/members'
import { apiJson } from '../../lib/api-client'
import { toast } from '../../lib/stores/toast-store'
import MemberBadges from '../MemberBadges'
import { cx } from '../ui/styles'
import { CommentForm } from './CommentForm'
import { CommentMenu } from './CommentMenu'
import { CommentText } from './CommentText'
import { CommentVotes } from './CommentVotes'
import { ReactionPicker } from './ReactionPicker'

export interface CommentItemProps {
  comment: CommentView
  viewer: SessionUser | null
  creatorId: number | null
  now: Date
  onChange: (comment: CommentView) => void
  /** The comment went (with its replies, for a top-level one). */
  onDeleted: (comment: CommentView) => void
  /** A reply was posted under this comment's top-level comment. */
  onReplied: (reply: CommentView) => void
}

const chip = 'inline-flex h-8 items-center gap-1.5 rounded-full border border-border px-2.5 text-sm tabular-nums'

/** One comment: avatar, author and badges, relative time, text, and the member actions. */
export function CommentItem({ comment, viewer, creatorId, now, onChange, onDeleted, onReplied }: CommentItemProps) {
  const base = `/api/comments/${comment.id}`
  const [replying, setReplying] = useState(false)
  const returnPath = `/video/${encodeURIComponent(comment.videoId)}`
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: messageFromApiError(error), variant: 'destructive' })

  const like = useMutation({
    mutationFn: () => apiJson<LikeResult>('POST', `${base}/like`),
    onSuccess: (r) => onChange({ ...comment, likeCount: r.likeCount, likedByMe: true }),
    onError: fail(FAILED_TO_LIKE_COMMENT),
  })
  const react = useMutation({
    mutationFn: (emoji: string) => apiJson<ReactionResult>('POST', `${base}/reactions`, { emoji }),
    onSuccess: (r) => onChange({ ...comment, reactions: r.reactions }),
    onError: fail(FAILED_TO_REACT),
  })
  const remove = useMutation({
    mutationFn: () => apiJson<unknown>('DELETE', base),
    onSuccess: () => {
      onDeleted(comment)
      toast({ title: COMMENT_DELETED })
    },
    onError: fail(FAILED_TO_DELETE_COMMENT),
  })

  const badges = [
    ...(creatorId !== null && comment.authorId === creatorId ? ['creator'] : []),
    ...(comment.authorIsAdmin ? ['admin'] : []),
    ...(comment.authorIsPremium ? ['premium'] : []),
  ]
  const mine = new Set(comment.reactions.filter((r) => r.mine).map((r) => r.emoji))
  const headingId = `comment-${comment.id}-author`
  const reply = comment.parentId !== null
  const Heading = reply ? 'h4' : 'h3'

  return (
    <li className={cx('flex gap-3 sm:gap-4', reply ? '' : 'py-5 first:pt-0 last:pb-0')} aria-busy={remove.isPending || undefined}>
      <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-bold text-primary">
        {initials(comment.authorName)}
      </span>
      <article aria-labelledby={headingId} className="min-w-0 flex-1">
        <header className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
            <Heading id={headingId} className="font-sans text-base font-semibold break-all">
              {comment.authorId !== null ? (
                <a href={`/profile/${comment.authorId}`} className="text-foreground no-underline hover:underline">
                  {comment.authorName}
                </a>
              ) : (
                comment.authorName
              )}
            </Heading>
            {badges.length > 0 ? <MemberBadges badges={badges} label={`${comment.authorName}'s roles`} /> : null}
            <time dateTime={comment.createdAt} className="text-sm text-muted-foreground">
              {formatRelativeTime(comment.createdAt, now)}
            </time>
          </div>
          {viewer && comment.canDelete ? <CommentMenu busy={remove.isPending} onDelete={() => remove.mutate()} /> : null}
        </header>
        <CommentText content={comment.content} videoId={comment.videoId} />

        <div className="mt-3 flex flex-wrap items-center gap-2">
          <CommentVotes comment={comment} signedIn={Boolean(viewer)} returnPath={returnPath} onChange={onChange} />
          <button
            type="button"
            onClick={() => setReplying(true)}
            aria-expanded={replying}
            className="h-8 rounded-md px-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            Reply
          </button>

          {viewer ? (
            <button
              type="button"
              onClick={() => like.mutate()}
              disabled={comment.likedByMe || like.isPending}
              className={cx(chip, comment.likedByMe ? 'border-rose-300 bg-rose-50 text-rose-700 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-200' : 'hover:bg-muted')}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill={comment.likedByMe ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
                <path d="M12 21s-7.5-4.6-9.5-9.2C1 8.3 3.3 5 6.7 5c2 0 3.6 1.1 4.3 2.6h2C13.7 6.1 15.3 5 17.3 5 20.7 5 23 8.3 21.5 11.8 19.5 16.4 12 21 12 21Z" />
              </svg>
              {/* The name ('Like 3') holds the visible count (WCAG 2.5.3: label in name). */}
              <span className="sr-only">{comment.likedByMe ? 'Liked ' : 'Like '}</span>
              <span>{comment.likeCount}</span>
            </button>
          ) : comment.likeCount > 0 ? (
            <span className={cx(chip, 'text-muted-foreground')}>
              <span aria-hidden="true">♥</span> {comment.likeCount}
              <span className="sr-only">{comment.likeCount === 1 ? ' like' : ' likes'}</span>
            </span>
          ) : null}

          {comment.reactions.length > 0 ? (
            <ul aria-label="Reactions" className="flex flex-wrap gap-1.5">
              {comment.reactions.map((r) => (
                <li key={r.emoji}>
                  {viewer ? (
                    <button
                      type="button"
                      aria-pressed={r.mine}
                      aria-label={`${r.emoji} ${r.count}`}
                      disabled={react.isPending}
                      onClick={() => react.mutate(r.emoji)}
                      className={cx(chip, r.mine ? 'border-primary bg-primary/10' : 'hover:bg-muted')}
                    >
                      {`${r.emoji} ${r.count}`}
                    </button>
                  ) : (
                    <span className={chip}>{`${r.emoji} ${r.count}`}</span>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {viewer ? <ReactionPicker mine={mine} disabled={react.isPending} onPick={(emoji) => react.mutate(emoji)} /> : null}
        </div>
        {replying ? (
          <div className="mt-4">
            <CommentForm
              videoId={comment.videoId}
              viewer={viewer}
              replyTo={{ id: comment.id, authorName: comment.authorName }}
              onCancel={() => setReplying(false)}
              onPosted={(reply) => {
                setReplying(false)
                onReplied(reply)
              }}
            />
          </div>
        ) : null}
        {comment.replies.length > 0 ? (
          <ul aria-label={`Replies to ${comment.authorName}`} className="mt-4 space-y-4 border-l-2 border-border pl-3 sm:pl-4">
            {comment.replies.map((reply) => (
              <CommentItem
                key={reply.id}
                comment={reply}
                viewer={viewer}
                creatorId={creatorId}
                now={now}
                onChange={onChange}
                onDeleted={onDeleted}
                onReplied={onReplied}
              />
            ))}
          </ul>
        ) : null}
      </article>
    </li>
  )
}

import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'

import { messageFromApiError } from '../../../shared/api-error'
import { FAILED_TO_VOTE } from '../../../shared/member-messages'
import type { CommentView, CommentVote, VoteResult } from '../../../shared/types/members'
import { apiJson } from '../../lib/api-client'
import { toast } from '../../lib/stores/toast-store'
import { cx } from '../ui/styles'

const chip = 'inline-flex h-8 items-center gap-1.5 rounded-full border border-border px-2.5 text-sm tabular-nums'

export interface CommentVotesProps {
  comment: CommentView
  signedIn: boolean
  /** Where a visitor's sign-in link brings them back to. */
  returnPath: string
  onChange: (comment: CommentView) => void
}

/**
 * '👍 n' and '👎 n': one vote per member. Pressing your vote again takes it back, pressing the other
 * switches; the request carries the state wanted, so a double press cannot flip it twice. Visitors
 * see the counts and, on a press, a sign-in prompt that brings them back here.
 */
export function CommentVotes({ comment, signedIn, returnPath, onChange }: CommentVotesProps) {
  const [prompt, setPrompt] = useState(false)
  const vote = useMutation({
    mutationFn: (value: CommentVote | null) => apiJson<VoteResult>('POST', `/api/comments/${comment.id}/vote`, { value }),
    onSuccess: (r) => onChange({ ...comment, myVote: r.myVote, upCount: r.upCount, downCount: r.downCount }),
    onError: (error) => toast({ title: FAILED_TO_VOTE, description: messageFromApiError(error), variant: 'destructive' }),
  })

  const press = (value: CommentVote) => {
    if (!signedIn) return setPrompt(true)
    if (vote.isPending) return
    vote.mutate(comment.myVote === value ? null : value)
  }

  const button = (value: CommentVote, emoji: string, count: number, name: string) => {
    const mine = comment.myVote === value
    return (
      <button
        type="button"
        onClick={() => press(value)}
        aria-pressed={signedIn ? mine : undefined}
        aria-disabled={vote.isPending || undefined}
        title={name}
        data-vote={value}
        className={cx(chip, mine ? 'border-primary bg-primary/10 text-foreground' : 'hover:bg-muted')}
      >
        {`${emoji} ${count}`}
        <span className="sr-only">{` ${name}`}</span>
      </button>
    )
  }

  return (
    <>
      {button('up', '👍', comment.upCount, 'Upvote')}
      {button('down', '👎', comment.downCount, 'Downvote')}
      {prompt ? (
        <p role="status" className="w-full text-sm text-muted-foreground">
          <a href={`/login?next=${encodeURIComponent(returnPath)}`} className="font-semibold text-primary">Sign in</a> to vote on comments.
        </p>
      ) : null}
    </>
  )
}

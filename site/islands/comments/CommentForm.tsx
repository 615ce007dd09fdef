import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { fieldErrors, messageFromApiError } from '../../../shared/api-error'
import { COMMENT_MAX } from '../../../shared/constants'
import { COMMENT_POSTED, COMMENT_POSTED_DESCRIPTION, REPLY_POSTED } from '../../../shared/member-messages'
import { FAILED_TO_POST_COMMENT } from '../../../shared/messages'
import type { SessionUser } from '../../../shared/schemas/auth'
import { commentSchema } from '../../../shared/schemas/comment'
import { memberCommentSchema } from '../../../shared/schemas/member-comment'
import type { CommentView } from '../../../shared/types/members'
import type { PointsAward } from '../../../shared/types/points'
import { apiJson } from '../../lib/api-client'
import { reportAward } from '../../lib/stores/points-store'
import { toast } from '../../lib/stores/toast-store'
import { Button } from '../ui/Button'
import { Field } from '../ui/Field'
import { Input } from '../ui/Input'
import { useKeepEarlyInput } from '../ui/keep-early-input'
import { Spinner } from '../ui/Spinner'
import { cx } from '../ui/styles'

type Values = { authorName: string; authorEmail: string; content: string }
const EMPTY: Values = { authorName: '', authorEmail: '', content: '' }

export interface CommentFormProps {
  videoId: string
  viewer: SessionUser | null
  onPosted: (comment: CommentView) => void
  /** Set for the inline reply form: the comment answered (POST /api/comments/{id}/replies). */
  replyTo?: { id: number; authorName: string }
  /** The reply form's Cancel. */
  onCancel?: () => void
}

/** Visitors give a name and optional email; a member's comment is posted under their account. */
export function CommentForm({ videoId, viewer, onPosted, replyTo, onCancel }: CommentFormProps) {
  const idPrefix = useId()
  const [values, setValues] = useState<Values>(EMPTY)
  const formRef = useKeepEarlyInput(setValues)
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({})
  const [attempted, setAttempted] = useState(false)
  const schema = viewer ? memberCommentSchema : commentSchema
  const id = (name: keyof Values) => `${idPrefix}-${name}`

  const post = useMutation({
    mutationFn: (body: Partial<Values>) =>
      apiJson<CommentView & { award?: PointsAward }>(
        'POST',
        replyTo ? `/api/comments/${replyTo.id}/replies` : `/api/videos/${encodeURIComponent(videoId)}/comments`,
        body,
      ),
    onSuccess: (comment) => {
      onPosted(comment)
      setValues((v) => ({ ...v, content: '' }))
      setAttempted(false)
      toast(replyTo ? { title: REPLY_POSTED } : { title: COMMENT_POSTED, description: COMMENT_POSTED_DESCRIPTION })
      reportAward(comment.award, { activityType: 'comment_post' })
    },
    onError: (error) => {
      toast({ title: FAILED_TO_POST_COMMENT, description: messageFromApiError(error), variant: 'destructive' })
    },
  })

  function validate(next: Values) {
    const result = schema.safeParse(next)
    return { result, errors: result.success ? {} : (fieldErrors(result.error) as typeof errors) }
  }

  function change(name: keyof Values, value: string) {
    const next = { ...values, [name]: value }
    setValues(next)
    if (attempted) setErrors(validate(next).errors)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (post.isPending) return
    setAttempted(true)
    const { result, errors: next } = validate(values)
    setErrors(next)
    if (!result.success) {
      const first = (['authorName', 'authorEmail', 'content'] as const).find((name) => next[name])
      if (first) document.getElementById(id(first))?.focus()
      return
    }
    post.mutate(result.data)
  }

  const length = values.content.length
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-label={replyTo ? `Reply to ${replyTo.authorName}` : 'Add a comment'}>
      {viewer ? (
        <p className="text-sm text-muted-foreground">
          Commenting as <span className="font-semibold text-foreground">{viewer.username}</span>
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id('authorName')} label="Name" error={errors.authorName}>
            {(a11y) => (
              <Input {...a11y} name="authorName" autoComplete="name" value={values.authorName} onChange={(e) => change('authorName', e.target.value)} />
            )}
          </Field>
          <Field id={id('authorEmail')} label="Email" labelSuffix="(optional, never shown)" error={errors.authorEmail}>
            {(a11y) => (
              <Input {...a11y} name="authorEmail" type="email" autoComplete="email" value={values.authorEmail} onChange={(e) => change('authorEmail', e.target.value)} />
            )}
          </Field>
        </div>
      )}
      <Field id={id('content')} label={replyTo ? 'Reply' : 'Comment'} error={errors.content}>
        {(a11y) => (
          <div>
            <textarea
              {...a11y}
              aria-describedby={cx(a11y['aria-describedby'] ?? '', `${id('content')}-count`) || undefined}
              name="content"
              rows={replyTo ? 3 : 4}
              autoFocus={Boolean(replyTo)}
              placeholder={replyTo ? `Reply to ${replyTo.authorName}...` : 'Share your thoughts on this video...'}
              value={values.content}
              onChange={(e) => change('content', e.target.value)}
              className="block w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground placeholder:text-muted-foreground aria-invalid:border-destructive"
            />
            <p
              id={`${id('content')}-count`}
              className={cx('mt-1 text-right text-xs tabular-nums', length > COMMENT_MAX ? 'font-semibold text-destructive dark:text-red-300' : 'text-muted-foreground')}
            >
              {length}/{COMMENT_MAX}
            </p>
          </div>
        )}
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {viewer || replyTo ? <span /> : (
          <p className="text-sm text-muted-foreground">
            <a href={`/login?next=${encodeURIComponent(`/video/${videoId}`)}`} className="font-semibold text-primary">Sign in</a> to like and react to comments.
          </p>
        )}
        <div className="flex gap-2">
          {onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" aria-disabled={post.isPending || undefined}>
            {post.isPending ? <Spinner /> : null}
            {post.isPending ? 'Posting...' : replyTo ? 'Post Reply' : 'Post Comment'}
          </Button>
        </div>
      </div>
    </form>
  )
}

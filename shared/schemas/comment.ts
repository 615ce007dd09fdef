// POST /api/videos/{id}/comments: { authorName, authorEmail, content } (SPEC §5).
import { z } from '../zod'
import { COMMENT_AUTHOR_NAME_MAX, COMMENT_MAX } from '../constants'
import { COMMENT_REQUIRED, COMMENT_TOO_LONG, NAME_REQUIRED, NAME_TOO_LONG, VALID_EMAIL_REQUIRED } from '../messages'
import { optionalEmailField } from './fields'

export const commentSchema = z.object({
  authorName: z
    .string({ error: NAME_REQUIRED })
    .trim()
    .min(1, { error: NAME_REQUIRED, abort: true })
    .max(COMMENT_AUTHOR_NAME_MAX, { error: NAME_TOO_LONG }),
  authorEmail: optionalEmailField(VALID_EMAIL_REQUIRED),
  content: z
    .string({ error: COMMENT_REQUIRED })
    .trim()
    .min(1, { error: COMMENT_REQUIRED, abort: true })
    .max(COMMENT_MAX, { error: COMMENT_TOO_LONG }),
})

export type CommentInput = z.input<typeof commentSchema>
export type CommentData = z.output<typeof commentSchema>

// POST /api/videos/{id}/comments by a signed-in member: the account names the author, so only
// the content is read from the body (visitors use commentSchema from ./comment).
import type { z } from 'zod'
import { commentSchema } from './comment'

export const memberCommentSchema = commentSchema.pick({ content: true })

export type MemberCommentData = z.output<typeof memberCommentSchema>

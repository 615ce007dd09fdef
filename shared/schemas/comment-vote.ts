// POST /api/comments/{id}/vote { value }: the member's vote after the press ('up', 'down', or null
// to take it back). The client sends the state it wants, so a repeat or a race cannot flip it twice.
import { z } from '../zod'

export const VOTE_NOT_ALLOWED = "Vote must be 'up', 'down' or null"

export const commentVoteSchema = z.object({
  value: z.enum(['up', 'down'], { error: VOTE_NOT_ALLOWED }).nullable(),
})

export type CommentVoteInput = z.input<typeof commentVoteSchema>

import type { APIRoute } from 'astro'

import { limitCommentPosting, parseCommentId, postReply } from '../../../../../cms/services/comments'
import { commentSchema } from '../../../../../shared/schemas/comment'
import { memberCommentSchema } from '../../../../../shared/schemas/member-comment'
import { clientIp, handle, json, parseJson } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/**
 * POST /api/comments/{id}/replies { authorName, authorEmail, content } → 201 CommentView: a reply,
 * same body, validation and rate limit as POST /api/videos/{videoId}/comments.
 */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    const payload = await getPayloadClient()
    await limitCommentPosting(payload, clientIp(context), user)
    // A member's name comes from the account; only visitors name themselves.
    const input = await parseJson(context.request, user ? memberCommentSchema : commentSchema)
    return json(await postReply(payload, { commentId: parseCommentId(context.params.id), user, input }), 201)
  })

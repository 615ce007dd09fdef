import type { APIRoute } from 'astro'

import { parseCommentId, voteOnComment } from '../../../../../cms/services/comments'
import { SIGN_IN_TO_VOTE } from '../../../../../shared/member-messages'
import { commentVoteSchema } from '../../../../../shared/schemas/comment-vote'
import { clientIp, handle, HttpError, json, parseJson } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/** POST /api/comments/{id}/vote { value: 'up' | 'down' | null } → VoteResult; sets the member's one vote. */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    if (!user) throw new HttpError(401, SIGN_IN_TO_VOTE)
    const { value } = await parseJson(context.request, commentVoteSchema)
    const payload = await getPayloadClient()
    const id = parseCommentId(context.params.id)
    return json(await voteOnComment(payload, { id, user, ip: clientIp(context), value }))
  })

import type { APIRoute } from 'astro'

import { parseCommentId, toggleReaction } from '../../../../../cms/services/comments'
import { SIGN_IN_TO_REACT } from '../../../../../shared/member-messages'
import { reactionSchema } from '../../../../../shared/reactions'
import { clientIp, handle, HttpError, json, parseJson } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/** POST /api/comments/{id}/reactions { emoji } → ReactionResult; toggles that emoji for the member. */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    if (!user) throw new HttpError(401, SIGN_IN_TO_REACT)
    const { emoji } = await parseJson(context.request, reactionSchema)
    const payload = await getPayloadClient()
    const id = parseCommentId(context.params.id)
    return json(await toggleReaction(payload, { id, user, ip: clientIp(context), emoji }))
  })

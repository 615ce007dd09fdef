import type { APIRoute } from 'astro'

import { likeComment, parseCommentId } from '../../../../../cms/services/comments'
import { clientIp, handle, json } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/** POST /api/comments/{id}/like → LikeResult; once per member (a repeat changes nothing). */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    const id = parseCommentId(context.params.id)
    return json(await likeComment(payload, { id, user: context.locals.authUser, ip: clientIp(context) }))
  })

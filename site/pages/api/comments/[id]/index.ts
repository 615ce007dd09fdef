import type { APIRoute } from 'astro'

import { deleteComment, parseCommentId } from '../../../../../cms/services/comments'
import { handle, json } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/** DELETE /api/comments/{id}: the author, a moderator or an admin; 401 visitors, 403 anyone else. */
export const DELETE: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    return json(await deleteComment(payload, { id: parseCommentId(context.params.id), user: context.locals.authUser }))
  })

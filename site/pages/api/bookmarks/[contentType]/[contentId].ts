import type { APIRoute } from 'astro'

import { removeBookmark } from '../../../../../cms/services/bookmarks'
import { bookmarkKeySchema } from '../../../../../shared/schemas/content'
import { handle, HttpError, json, requireUser } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/** DELETE /api/bookmarks/{contentType}/{contentId}: removes the member's own bookmark (404 if none). */
export const DELETE: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const key = bookmarkKeySchema.safeParse(context.params)
    if (!key.success) throw new HttpError(400, key.error.issues[0]?.message ?? 'Invalid request.')
    const payload = await getPayloadClient()
    return json(await removeBookmark(payload, { user: authUser, key: key.data }))
  })

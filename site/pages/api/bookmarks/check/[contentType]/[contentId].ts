import type { APIRoute } from 'astro'

import { isBookmarked } from '../../../../../../cms/services/bookmarks'
import { bookmarkKeySchema } from '../../../../../../shared/schemas/content'
import { handle, HttpError, json, requireUser } from '../../../../../lib/http'
import { getPayloadClient } from '../../../../../lib/payload'

/** GET /api/bookmarks/check/{contentType}/{contentId} → { isBookmarked } */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const key = bookmarkKeySchema.safeParse(context.params)
    if (!key.success) throw new HttpError(400, key.error.issues[0]?.message ?? 'Invalid request.')
    const payload = await getPayloadClient()
    return json({ isBookmarked: await isBookmarked(payload, authUser, key.data) })
  })

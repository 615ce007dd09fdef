import type { APIRoute } from 'astro'

import { addBookmark, listBookmarks } from '../../../../cms/services/bookmarks'
import { bookmarkKeySchema } from '../../../../shared/schemas/content'
import { handle, json, parseJson, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** GET /api/bookmarks → BookmarkView[] (the member's own, newest first). */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const payload = await getPayloadClient()
    return json(await listBookmarks(payload, authUser))
  })

/**
 * POST /api/bookmarks { contentType, contentId, title, thumbnailUrl } → 201 BookmarkView.
 * Only the key is read: title and thumbnail come from the item itself. 409 when already saved.
 */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const key = await parseJson(context.request, bookmarkKeySchema)
    const payload = await getPayloadClient()
    return json(await addBookmark(payload, { user: authUser, key }), 201)
  })

// POST /api/youtube/mock → { success, message, imported, total } (admins): demo videos, no API key needed.
import type { APIRoute } from 'astro'

import { assertYoutubeAdmin, createMockVideos } from '../../../../cms/services/youtube'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertYoutubeAdmin(context.locals.authUser)
    return json(await createMockVideos(await getPayloadClient()))
  })

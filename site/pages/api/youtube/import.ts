// POST /api/youtube/import { channelHandle } → { success, message, imported, total } (admins).
import type { APIRoute } from 'astro'

import { assertYoutubeAdmin, importChannel } from '../../../../cms/services/youtube'
import { youtubeImportSchema } from '../../../../shared/schemas/youtube'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertYoutubeAdmin(context.locals.authUser)
    const { channelHandle } = await parseJson(context.request, youtubeImportSchema)
    return json(await importChannel(await getPayloadClient(), { channelHandle }))
  })

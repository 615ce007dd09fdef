// POST /api/youtube/sync → { imported, total, message } (admins): the channel in site settings now.
import type { APIRoute } from 'astro'

import { assertYoutubeAdmin, syncConfiguredChannel } from '../../../../cms/services/youtube'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertYoutubeAdmin(context.locals.authUser)
    return json(await syncConfiguredChannel(await getPayloadClient()))
  })

// GET /api/youtube/status → YoutubeSyncStatus (admins): the panel's last-run line and default handle.
import type { APIRoute } from 'astro'

import { assertYoutubeAdmin, getYoutubeStatus } from '../../../../cms/services/youtube'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    assertYoutubeAdmin(context.locals.authUser)
    return json(await getYoutubeStatus(await getPayloadClient()))
  })

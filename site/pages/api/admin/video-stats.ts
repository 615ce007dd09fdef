// GET /api/admin/video-stats → { totalVideos, totalViews } (admins; 60 s poll).
import type { APIRoute } from 'astro'

import { assertAnalyticsAdmin, getVideoStats } from '../../../../cms/services/analytics'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    assertAnalyticsAdmin(context.locals.authUser)
    const payload = await getPayloadClient()
    return json(await getVideoStats(payload))
  })

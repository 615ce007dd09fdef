// GET /api/admin/analytics/realtime → RealtimeVisitors (admins): visitors of the last 5 minutes and their pages.
import type { APIRoute } from 'astro'

import { assertAnalyticsAdmin, getRealtimeVisitors } from '../../../../../cms/services/analytics'
import { handle, json } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    assertAnalyticsAdmin(context.locals.authUser)
    const payload = await getPayloadClient()
    return json(await getRealtimeVisitors(payload))
  })

// GET /api/admin/user-count → { activeUsers, totalUsers, premiumUsers, verifiedUsers, adminUsers } (admins; 60 s poll).
import type { APIRoute } from 'astro'

import { assertAnalyticsAdmin, getUserCounts } from '../../../../cms/services/analytics'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    assertAnalyticsAdmin(context.locals.authUser)
    const payload = await getPayloadClient()
    return json(await getUserCounts(payload))
  })

import type { APIRoute } from 'astro'

import { getRecentActivities } from '../../../../cms/services/points'
import { handle, json, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** GET /api/user/recent-activities → the member's 20 newest ledger rows [{ id, activityType, points, description, contentType, contentId, createdAt }]. */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const payload = await getPayloadClient()
    return json(await getRecentActivities(payload, { userId: authUser.id }))
  })

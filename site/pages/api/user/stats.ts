import type { APIRoute } from 'astro'

import { getUserStats } from '../../../../cms/services/points'
import { handle, json, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** GET /api/user/stats → { level, points, streak, totalPointsEarned, achievements, nextLevel, rank } (SPEC §3 User stats). */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const payload = await getPayloadClient()
    return json(await getUserStats(payload, { userId: authUser.id }))
  })

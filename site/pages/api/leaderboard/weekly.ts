import type { APIRoute } from 'astro'

import { getWeeklyLeaderboard } from '../../../../cms/services/points'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** GET /api/leaderboard/weekly → [{ userId, username, level, points }] for this week (Monday start, site time zone). */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    return json(await getWeeklyLeaderboard(payload))
  })

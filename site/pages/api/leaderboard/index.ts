import type { APIRoute } from 'astro'

import { getLeaderboard } from '../../../../cms/services/points'
import { leaderboardQuerySchema } from '../../../../shared/schemas/engagement'
import { searchParamsToObject } from '../../../../shared/schemas/pagination'
import { handle, HttpError, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const UNKNOWN_PERIOD = 'period must be one of daily, weekly, monthly or all_time.'

/** GET /api/leaderboard?period=daily|weekly|monthly|all_time → [{ rank, points, user { id, username, memberNumber, badges } }]; open to visitors. */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const query = leaderboardQuerySchema.safeParse(searchParamsToObject(context.url.searchParams))
    if (!query.success) throw new HttpError(400, UNKNOWN_PERIOD)
    const payload = await getPayloadClient()
    return json(await getLeaderboard(payload, { period: query.data.period }))
  })

import type { APIRoute } from 'astro'

import { listMoods } from '../../../../cms/services/recommendations'
import { moodsQuerySchema } from '../../../../shared/schemas/engagement'
import { searchParamsToObject } from '../../../../shared/schemas/pagination'
import { handle, json, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'
import { parseInput } from '../../../../cms/services/posts'

/** GET /api/user/moods?limit=5 → UserMood[], the member's newest first. */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const { limit } = parseInput(moodsQuerySchema, searchParamsToObject(context.url.searchParams))
    return json(await listMoods(await getPayloadClient(), authUser, { limit }))
  })

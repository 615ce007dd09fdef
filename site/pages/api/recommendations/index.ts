import type { APIRoute } from 'astro'

import { parseInput } from '../../../../cms/services/posts'
import { listRecommendations } from '../../../../cms/services/recommendations'
import { recommendationsQuerySchema } from '../../../../shared/schemas/engagement'
import { searchParamsToObject } from '../../../../shared/schemas/pagination'
import { handle, json, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** GET /api/recommendations?type=video|blog_post (omitted or all: both) → Recommendation[], newest first. */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const { type } = parseInput(recommendationsQuerySchema, searchParamsToObject(context.url.searchParams))
    return json(await listRecommendations(await getPayloadClient(), authUser, { type }))
  })

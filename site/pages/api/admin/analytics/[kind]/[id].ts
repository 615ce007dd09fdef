// GET /api/admin/analytics/video/{videoId} | /api/admin/analytics/post/{slug} ?days=N | ?from=&to=
// → ItemAnalytics (admins): one item's views per day, watch time, completion and retention curve.
import type { APIRoute } from 'astro'

import { assertAnalyticsAdmin, getItemAnalytics } from '../../../../../../cms/services/analytics'
import { parseInput } from '../../../../../../cms/services/posts'
import { analyticsItemParamsSchema, analyticsRangeQuerySchema } from '../../../../../../shared/schemas/analytics'
import { searchParamsToObject } from '../../../../../../shared/schemas/pagination'
import { handle, json } from '../../../../../lib/http'
import { getPayloadClient } from '../../../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    assertAnalyticsAdmin(context.locals.authUser)
    const { kind, id } = parseInput(analyticsItemParamsSchema, context.params)
    const query = parseInput(analyticsRangeQuerySchema, searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await getItemAnalytics(payload, { kind, id, query }))
  })

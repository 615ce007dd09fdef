// GET /api/admin/analytics?days=N | ?from=YYYY-MM-DD&to=YYYY-MM-DD → AnalyticsSummary (admins; 30 s poll).
import type { APIRoute } from 'astro'

import { assertAnalyticsAdmin, getAnalyticsSummary } from '../../../../cms/services/analytics'
import { parseInput } from '../../../../cms/services/posts'
import { analyticsRangeQuerySchema } from '../../../../shared/schemas/analytics'
import { searchParamsToObject } from '../../../../shared/schemas/pagination'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    assertAnalyticsAdmin(context.locals.authUser)
    const query = parseInput(analyticsRangeQuerySchema, searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await getAnalyticsSummary(payload, { query }))
  })

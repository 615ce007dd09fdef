// GET /api/seo-bot/proposals?status=pending|accepted|rejected|failed&limit=N → { proposals: SeoProposalView[] } (admins).
import type { APIRoute } from 'astro'

import { parseInput } from '../../../../../cms/services/posts'
import { assertSeoBotAdmin, listProposals } from '../../../../../cms/services/seo-bot'
import { searchParamsToObject } from '../../../../../shared/schemas/pagination'
import { seoProposalListQuerySchema } from '../../../../../shared/seo-bot'
import { handle, json } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    assertSeoBotAdmin(context.locals.authUser)
    const query = parseInput(seoProposalListQuerySchema, searchParamsToObject(context.url.searchParams))
    return json(await listProposals(await getPayloadClient(), query))
  })

// POST /api/seo-bot/proposals/{id}/accept [{ fields?, values? }] → { message } (admins; 400 a bad
// value, 404 unknown, 409 decided, stale or hand-written key moments).
import type { APIRoute } from 'astro'

import { parseInput } from '../../../../../../cms/services/posts'
import { acceptProposal, assertSeoBotAdmin } from '../../../../../../cms/services/seo-bot'
import { idSchema } from '../../../../../../shared/schemas/content-query'
import { seoAcceptSchema } from '../../../../../../shared/seo-bot'
import { handle, json, parseJson } from '../../../../../lib/http'
import { getPayloadClient } from '../../../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    assertSeoBotAdmin(user)
    const id = parseInput(idSchema('Proposal'), context.params.id)
    const input = await parseJson(context.request, seoAcceptSchema)
    return json(await acceptProposal(await getPayloadClient(), { user, id, input }))
  })

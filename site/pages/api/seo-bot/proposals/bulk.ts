// POST /api/seo-bot/proposals/bulk { action: 'accept' | 'reject', ids } → { message, results } (admins).
import type { APIRoute } from 'astro'

import { assertSeoBotAdmin, decideMany } from '../../../../../cms/services/seo-bot'
import { seoBulkSchema } from '../../../../../shared/seo-bot'
import { handle, json, parseJson } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    assertSeoBotAdmin(user)
    const input = await parseJson(context.request, seoBulkSchema)
    return json(await decideMany(await getPayloadClient(), { user, ...input }))
  })

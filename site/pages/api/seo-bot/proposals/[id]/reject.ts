// POST /api/seo-bot/proposals/{id}/reject → { message } (admins; 404 unknown, 409 already decided).
import type { APIRoute } from 'astro'

import { parseInput } from '../../../../../../cms/services/posts'
import { assertSeoBotAdmin, rejectProposal } from '../../../../../../cms/services/seo-bot'
import { idSchema } from '../../../../../../shared/schemas/content-query'
import { handle, json } from '../../../../../lib/http'
import { getPayloadClient } from '../../../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    assertSeoBotAdmin(user)
    const id = parseInput(idSchema('Proposal'), context.params.id)
    return json(await rejectProposal(await getPayloadClient(), { user, id }))
  })

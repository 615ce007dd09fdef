// POST /api/seo-bot/proposals/{id}/regenerate → { message } (admins; 404 unknown, 409 decided):
// the proposal made again from its video as it is now.
import type { APIRoute } from 'astro'

import { parseInput } from '../../../../../../cms/services/posts'
import { assertSeoBotAdmin, regenerateProposal } from '../../../../../../cms/services/seo-bot'
import { idSchema } from '../../../../../../shared/schemas/content-query'
import { handle, json } from '../../../../../lib/http'
import { getPayloadClient } from '../../../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertSeoBotAdmin(context.locals.authUser)
    const id = parseInput(idSchema('Proposal'), context.params.id)
    return json(await regenerateProposal(await getPayloadClient(), { id }))
  })

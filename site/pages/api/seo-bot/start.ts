// POST /api/seo-bot/start → { message } (admins).
import type { APIRoute } from 'astro'

import { assertSeoBotAdmin, startSeoBot } from '../../../../cms/services/seo-bot'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertSeoBotAdmin(context.locals.authUser)
    return json(await startSeoBot(await getPayloadClient()))
  })

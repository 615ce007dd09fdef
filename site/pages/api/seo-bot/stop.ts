// POST /api/seo-bot/stop → { message } (admins).
import type { APIRoute } from 'astro'

import { assertSeoBotAdmin, stopSeoBot } from '../../../../cms/services/seo-bot'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertSeoBotAdmin(context.locals.authUser)
    return json(await stopSeoBot(await getPayloadClient()))
  })

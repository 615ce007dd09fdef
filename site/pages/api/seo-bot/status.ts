// GET /api/seo-bot/status → SeoBotStatus { isRunning, processedThisSession, totalVideos, checkInterval, … } (admins; 30 s poll).
import type { APIRoute } from 'astro'

import { assertSeoBotAdmin, getSeoBotStatus } from '../../../../cms/services/seo-bot'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    assertSeoBotAdmin(context.locals.authUser)
    return json(await getSeoBotStatus(await getPayloadClient()))
  })

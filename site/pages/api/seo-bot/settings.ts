// GET /api/seo-bot/settings → { autoAccept }; PUT { autoAccept } → { autoAccept } (admins).
import type { APIRoute } from 'astro'

import { assertSeoBotAdmin, getSeoBotSettings, updateSeoBotSettings } from '../../../../cms/services/seo-bot'
import { seoBotSettingsSchema } from '../../../../shared/seo-bot'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    assertSeoBotAdmin(context.locals.authUser)
    return json(await getSeoBotSettings(await getPayloadClient()))
  })

export const PUT: APIRoute = (context) =>
  handle(context, async () => {
    assertSeoBotAdmin(context.locals.authUser)
    const settings = await parseJson(context.request, seoBotSettingsSchema)
    return json(await updateSeoBotSettings(await getPayloadClient(), settings))
  })

// GET and POST /api/admin/live-streams (admins; spec §7 Admin).
import type { APIRoute } from 'astro'

import { assertAdmin } from '../../../../../cms/services/posts'
import { createStream, listAdminStreams } from '../../../../../cms/services/live/streams'
import { withoutNul } from '../../../../../shared/schemas/content-query'
import { liveStreamCreateSchema } from '../../../../../shared/schemas/live'
import { handle, json, parseJson } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => json(await listAdminStreams(await getPayloadClient(), { user: context.locals.authUser })))

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const data = await parseJson(context.request, withoutNul(liveStreamCreateSchema))
    return json(await createStream(await getPayloadClient(), { user: context.locals.authUser, data }), 201)
  })

// PATCH /api/admin/live-streams/{id} ({ status }: Go Live, End Stream; settings; { regenerateKey })
// and DELETE /api/admin/live-streams/{id} (admins; spec §7 Admin).
import type { APIRoute } from 'astro'

import { assertAdmin, parseInput } from '../../../../../cms/services/posts'
import { deleteStream, updateStream } from '../../../../../cms/services/live/streams'
import { idSchema, withoutNul } from '../../../../../shared/schemas/content-query'
import { liveStreamUpdateSchema } from '../../../../../shared/schemas/live'
import { handle, json, parseJson } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

const streamId = idSchema('Stream')

export const PATCH: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const id = parseInput(streamId, context.params.id)
    const data = await parseJson(context.request, withoutNul(liveStreamUpdateSchema))
    return json(await updateStream(await getPayloadClient(), { user: context.locals.authUser, id, data }))
  })

export const DELETE: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const id = parseInput(streamId, context.params.id)
    return json({ success: true, ...(await deleteStream(await getPayloadClient(), { user: context.locals.authUser, id })) })
  })

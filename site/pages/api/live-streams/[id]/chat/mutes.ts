// POST /api/live-streams/{id}/chat/mutes { userId } (moderators and admins): muted for this stream.
import type { APIRoute } from 'astro'

import { muteChatMember } from '../../../../../../cms/services/live/chat'
import { parseInput } from '../../../../../../cms/services/posts'
import { idSchema, withoutNul } from '../../../../../../shared/schemas/content-query'
import { liveChatMuteSchema } from '../../../../../../shared/schemas/live'
import { handle, json, parseJson } from '../../../../../lib/http'
import { getPayloadClient } from '../../../../../lib/payload'

const streamId = idSchema('Stream')

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const id = parseInput(streamId, context.params.id)
    const { userId } = await parseJson(context.request, withoutNul(liveChatMuteSchema))
    return json({ success: true, ...(await muteChatMember(await getPayloadClient(), { user: context.locals.authUser, streamId: id, userId })) })
  })

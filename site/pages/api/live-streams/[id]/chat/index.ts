// GET /api/live-streams/{id}/chat → { messages, canChat, canModerate, muted, status };
// POST { body } → 201 LiveChatMessage (members who may watch the stream, while it is live).
import type { APIRoute } from 'astro'

import { chatHistory, postChatMessage } from '../../../../../../cms/services/live/chat'
import { parseInput } from '../../../../../../cms/services/posts'
import { idSchema, withoutNul } from '../../../../../../shared/schemas/content-query'
import { liveChatMessageSchema } from '../../../../../../shared/schemas/live'
import { handle, json, parseJson } from '../../../../../lib/http'
import { getPayloadClient } from '../../../../../lib/payload'

const streamId = idSchema('Stream')

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const id = parseInput(streamId, context.params.id)
    return json(await chatHistory(await getPayloadClient(), { user: context.locals.authUser, streamId: id }))
  })

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const id = parseInput(streamId, context.params.id)
    const { body } = await parseJson(context.request, withoutNul(liveChatMessageSchema))
    return json(await postChatMessage(await getPayloadClient(), { user: context.locals.authUser, streamId: id, body }), 201)
  })

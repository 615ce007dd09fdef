// DELETE /api/live-streams/{id}/chat/{messageId} (moderators and admins): gone for every viewer at once.
import type { APIRoute } from 'astro'

import { deleteChatMessage } from '../../../../../../cms/services/live/chat'
import { parseInput } from '../../../../../../cms/services/posts'
import { idSchema } from '../../../../../../shared/schemas/content-query'
import { handle, json } from '../../../../../lib/http'
import { getPayloadClient } from '../../../../../lib/payload'

const streamId = idSchema('Stream')
const messageId = idSchema('Message')

export const DELETE: APIRoute = (context) =>
  handle(context, async () => {
    const ids = { streamId: parseInput(streamId, context.params.id), messageId: parseInput(messageId, context.params.messageId) }
    return json({ success: true, ...(await deleteChatMessage(await getPayloadClient(), { user: context.locals.authUser, ...ids })) })
  })

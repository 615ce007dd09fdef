import type { Payload } from 'payload'

import { CANNOT_MUTE_MODERATOR, CHAT_MEMBER_NOT_FOUND, CHAT_MESSAGE_NOT_FOUND } from '../../../../shared/live-chat-messages'
import { userIsModerator } from '../../../access/roles'
import type { User } from '../../../payload-types'
import { inTransaction } from '../../db/transactions'
import { forbidden, notFound } from '../../errors'
import { publishStreamEvent } from '../events'
import { idOf } from './authors'
import { isMuted } from './messages'
import { assertModerator, streamForViewer } from './stream-access'

type Moderator = { user: User | null | undefined; streamId: number }

/**
 * DELETE /api/live-streams/{id}/chat/{messageId} (moderators and admins): the message keeps its
 * row (deletedAt, deletedBy) and disappears for every viewer at once. A second delete changes nothing.
 */
export async function deleteChatMessage(payload: Payload, { user, streamId, messageId }: Moderator & { messageId: number }): Promise<{ id: number }> {
  assertModerator(payload, user, 'delete_message')
  const { stream } = await streamForViewer(payload, user, streamId)
  // Messages are closed to members: the caller was checked as a moderator of this stream above.
  const message = await payload.findByID({ collection: 'live-chat-messages', id: messageId, depth: 0, disableErrors: true, overrideAccess: true })
  if (!message || idOf(message.stream) !== stream.id) throw notFound(CHAT_MESSAGE_NOT_FOUND)
  if (message.deletedAt) return { id: message.id }
  await inTransaction(payload, async (req) => {
    await payload.update({
      collection: 'live-chat-messages',
      id: message.id,
      data: { deletedAt: new Date().toISOString(), deletedBy: user.id },
      overrideAccess: true,
      depth: 0,
      req,
    })
    await publishStreamEvent(payload, stream.id, { type: 'delete', messageId: message.id }, req)
  })
  payload.logger.info({ userId: user.id, streamId: stream.id, messageId: message.id, event: 'live_chat_message_deleted' }, 'live chat message deleted')
  return { id: message.id }
}

/**
 * POST /api/live-streams/{id}/chat/mutes (moderators and admins): the member may no longer post in
 * this stream's chat. Muting twice changes nothing; moderators and admins cannot be muted.
 */
export async function muteChatMember(payload: Payload, { user, streamId, userId }: Moderator & { userId: number }): Promise<{ userId: number; muted: true }> {
  assertModerator(payload, user, 'mute_member')
  const { stream } = await streamForViewer(payload, user, streamId)
  // Only the role flags of the member named: users are readable by themselves and admins alone.
  const target = await payload.findByID({
    collection: 'users',
    id: userId,
    depth: 0,
    select: { isAdmin: true, isModerator: true },
    disableErrors: true,
    overrideAccess: true,
  })
  if (!target) throw notFound(CHAT_MEMBER_NOT_FOUND)
  if (userIsModerator(target)) throw forbidden(CANNOT_MUTE_MODERATOR)
  if (await isMuted(payload, stream.id, userId)) return { userId, muted: true }
  try {
    await inTransaction(payload, async (req) => {
      // Mutes are closed to direct writes; the caller was checked as a moderator above.
      await payload.create({ collection: 'live-chat-mutes', data: { stream: stream.id, member: userId, mutedBy: user.id }, overrideAccess: true, depth: 0, req })
      await publishStreamEvent(payload, stream.id, { type: 'mute', userId }, req)
    })
  } catch (error) {
    // Another moderator's mute of the same member won the unique index: the member is muted.
    if (await isMuted(payload, stream.id, userId)) return { userId, muted: true }
    throw error
  }
  payload.logger.info({ userId: user.id, streamId: stream.id, mutedUserId: userId, event: 'live_chat_member_muted' }, 'live chat member muted')
  return { userId, muted: true }
}

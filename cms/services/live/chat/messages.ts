import type { Payload } from 'payload'

import { LIVE_CHAT_HISTORY, LIVE_CHAT_RATE } from '../../../../shared/constants'
import { chattingTooFast, MUTED_IN_CHAT } from '../../../../shared/live-chat-messages'
import type { LiveChatHistory, LiveChatMessage } from '../../../../shared/types/live'
import { userIsModerator } from '../../../access/roles'
import type { User } from '../../../payload-types'
import { inTransaction } from '../../db/transactions'
import { forbidden, tooMany } from '../../errors'
import { hit, type RateLimitRule } from '../../rate-limit'
import { publishStreamEvent } from '../events'
import { chatAuthors, idOf, toChatMessage } from './authors'
import { assertOpenForPosting, postingRefusal, streamForViewer } from './stream-access'

/** Messages per member and window, across all streams (LIVE_CHAT_RATE). */
export const liveChatRule: RateLimitRule = { name: 'live-chat', limit: LIVE_CHAT_RATE.messages, windowMs: LIVE_CHAT_RATE.windowSeconds * 1000 }

export type ChatHistory = LiveChatHistory

export async function isMuted(payload: Payload, streamId: number, userId: number): Promise<boolean> {
  // Mutes are readable by admins only; the chat service reads the caller's own row for them.
  const { totalDocs } = await payload.count({
    collection: 'live-chat-mutes',
    where: { stream: { equals: streamId }, member: { equals: userId } },
    overrideAccess: true,
  })
  return totalDocs > 0
}

/**
 * GET /api/live-streams/{id}/chat: the last LIVE_CHAT_HISTORY messages, oldest first, deleted
 * ones left out. Readable before, during and after the stream (read-only beside the replay).
 */
export async function chatHistory(payload: Payload, { user, streamId }: { user: User | null | undefined; streamId: number }): Promise<ChatHistory> {
  const { user: viewer, stream } = await streamForViewer(payload, user, streamId)
  const [{ docs }, muted] = await Promise.all([
    // The collection is closed to members; streamForViewer has just checked this one's access.
    payload.find({
      collection: 'live-chat-messages',
      where: { stream: { equals: stream.id }, deletedAt: { exists: false } },
      sort: ['-createdAt', '-id'],
      limit: LIVE_CHAT_HISTORY,
      pagination: false,
      depth: 0,
      select: { stream: true, author: true, body: true, createdAt: true },
      overrideAccess: true,
    }),
    isMuted(payload, stream.id, viewer.id),
  ])
  const authors = await chatAuthors(payload, docs.map((doc) => idOf(doc.author)).filter((id): id is number => id !== null))
  return {
    messages: docs.reverse().map((doc) => toChatMessage(doc, authors)),
    canChat: postingRefusal(stream.status) === null && !muted,
    canModerate: userIsModerator(viewer),
    muted,
    status: stream.status,
  }
}

/** Counts one message of a member; a 429 with the wait once over LIVE_CHAT_RATE. */
export async function limitChatPosting(payload: Payload, userId: number) {
  const result = await hit(payload, liveChatRule, `user:${userId}`)
  if (!result.allowed) throw tooMany(chattingTooFast(result.retryAfterSeconds), result.retryAfterSeconds)
}

/**
 * POST /api/live-streams/{id}/chat: a member who may watch the stream, while it is live and they
 * are not muted. The message and its event commit together: the NOTIFY leaves with the commit.
 */
export async function postChatMessage(
  payload: Payload,
  { user, streamId, body }: { user: User | null | undefined; streamId: number; body: string },
): Promise<LiveChatMessage> {
  const { user: author, stream } = await streamForViewer(payload, user, streamId)
  assertOpenForPosting(stream)
  if (await isMuted(payload, stream.id, author.id)) throw forbidden(MUTED_IN_CHAT)
  await limitChatPosting(payload, author.id)
  const authors = await chatAuthors(payload, [author.id])
  return inTransaction(payload, async (req) => {
    const doc = await payload.create({
      collection: 'live-chat-messages',
      data: { stream: stream.id, author: author.id, body },
      // Closed to direct creation (REST included): the caller, the gate, the stream's status, the
      // mute and the rate were all checked above.
      overrideAccess: true,
      depth: 0,
      req,
    })
    const message = toChatMessage(doc, authors)
    await publishStreamEvent(payload, stream.id, { type: 'message', message }, req)
    return message
  })
}

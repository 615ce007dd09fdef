import type { Payload } from 'payload'

import { CHAT_OPENS_WHEN_LIVE, CHAT_READ_ONLY, MODERATORS_ONLY, SIGN_IN_TO_CHAT } from '../../../../shared/live-chat-messages'
import { PREMIUM_REQUIRED_DESCRIPTION } from '../../../../shared/messages'
import { userIsModerator } from '../../../access/roles'
import type { LiveStream as LiveStreamDoc, User } from '../../../payload-types'
import { conflict, forbidden, notFound, unauthorized } from '../../errors'
import { mayWatch, STREAM_NOT_FOUND } from '../streams'

export type ChatStream = Pick<LiveStreamDoc, 'id' | 'status' | 'isPremiumOnly'>

/** A stream's chat is for those who may watch it: signed in, and the one gating rule (HOUSE rule 13). */
export async function streamForViewer(payload: Payload, user: User | null | undefined, streamId: number): Promise<{ user: User; stream: ChatStream }> {
  if (!user) throw unauthorized(SIGN_IN_TO_CHAT)
  const stream = (await payload.findByID({
    collection: 'live-streams',
    id: streamId,
    depth: 0,
    select: { status: true, isPremiumOnly: true },
    disableErrors: true,
    user,
    overrideAccess: false,
  })) as ChatStream | null
  if (!stream) throw notFound(STREAM_NOT_FOUND)
  if (!mayWatch(user, stream)) {
    payload.logger.warn({ userId: user.id, streamId, event: 'live_chat_refused' }, 'live chat refused by the premium gate')
    throw forbidden(PREMIUM_REQUIRED_DESCRIPTION)
  }
  return { user, stream }
}

/** Why nobody may post in a stream of this status now, or null while it is live. */
export const postingRefusal = (status: ChatStream['status']): string | null =>
  status === 'live' ? null : status === 'ended' ? CHAT_READ_ONLY : CHAT_OPENS_WHEN_LIVE

export function assertOpenForPosting(stream: ChatStream) {
  const refusal = postingRefusal(stream.status)
  if (refusal) throw conflict(refusal)
}

/** Deleting messages and muting members: moderators and admins (cms/access/roles.ts). */
export function assertModerator(payload: Payload, user: User | null | undefined, action: string): asserts user is User {
  if (!user) throw unauthorized(SIGN_IN_TO_CHAT)
  if (!userIsModerator(user)) {
    payload.logger.warn({ userId: user.id, action, event: 'live_chat_moderation_refused' }, 'live chat moderation refused')
    throw forbidden(MODERATORS_ONLY)
  }
}

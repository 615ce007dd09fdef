import type { Payload } from 'payload'

import type { LiveChatMessage } from '../../../../shared/types/live'
import { holdsPremium } from '../../../access/members'
import { userIsAdmin } from '../../../access/roles'
import type { LiveChatMessage as LiveChatMessageDoc, User } from '../../../payload-types'
import { pictureUrl } from '../../profile/public-profile'

export type ChatAuthor = LiveChatMessage['author']

const AUTHOR_FIELDS = { username: true, isAdmin: true, isModerator: true, isPremium: true, premiumExpiresAt: true, profilePicture: true } as const

type AuthorUser = Pick<User, 'id' | keyof typeof AUTHOR_FIELDS>

/** An author's name, picture and badges, read as a profile shows them (cms/services/profile, comments). */
export const toChatAuthor = (user: AuthorUser): ChatAuthor => ({
  id: user.id,
  username: user.username ?? '',
  avatarUrl: pictureUrl(user.profilePicture),
  isAdmin: userIsAdmin(user),
  isPremium: holdsPremium(user),
  isModerator: Boolean(user.isModerator),
})

/** An author whose account is gone: the message stays, nameless. */
const unknownAuthor = (id: number): ChatAuthor => ({ id, username: '', avatarUrl: null, isAdmin: false, isPremium: false, isModerator: false })

/**
 * The authors of chat messages by id. Users are readable only by themselves and admins, so this
 * reads with overrideAccess and selects nothing but what a public profile shows.
 */
export async function chatAuthors(payload: Payload, ids: number[]): Promise<Map<number, ChatAuthor>> {
  const authors = new Map<number, ChatAuthor>()
  const unique = [...new Set(ids)]
  if (unique.length === 0) return authors
  const { docs } = await payload.find({
    collection: 'users',
    where: { id: { in: unique } },
    select: AUTHOR_FIELDS,
    depth: 1,
    limit: unique.length,
    pagination: false,
    overrideAccess: true,
  })
  for (const user of docs) authors.set(user.id, toChatAuthor(user as AuthorUser))
  return authors
}

export const idOf = (value: number | { id: number } | null | undefined): number | null =>
  value === null || value === undefined ? null : typeof value === 'object' ? value.id : value

/** A stored message as viewers get it (its body as typed: clients render it as text, never HTML). */
export function toChatMessage(doc: Pick<LiveChatMessageDoc, 'id' | 'stream' | 'author' | 'body' | 'createdAt'>, authors: Map<number, ChatAuthor>): LiveChatMessage {
  const authorId = idOf(doc.author) ?? 0
  return {
    id: doc.id,
    streamId: idOf(doc.stream) ?? 0,
    body: doc.body,
    createdAt: doc.createdAt,
    author: authors.get(authorId) ?? unknownAuthor(authorId),
  }
}

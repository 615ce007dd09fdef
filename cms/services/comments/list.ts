import type { Payload } from 'payload'

import type { CommentPage, CommentView } from '../../../shared/types/members'
import { canDeleteComment, holdsPremium } from '../../access/members'
import { userIsAdmin } from '../../access/roles'
import type { Comment, User } from '../../payload-types'
import { notFound } from '../errors'
import { lockReason } from '../premium-gate'
import { getSiteSettings } from '../settings'
import { findVideoDoc, VIDEO_NOT_FOUND } from '../videos'
import { interactionCounts } from './counts'

/** The signed-in member reading or acting (the Payload user doc), or null/undefined for a visitor. */
export type Viewer = User | null | undefined

export const COMMENT_PAGE_SIZE = 50
export const NEWEST_FIRST = ['-createdAt', '-id']
export const OLDEST_FIRST = ['createdAt', 'id']

type AuthorFlags = { isAdmin: boolean; isPremium: boolean }

/**
 * Admin and Premium flags of the comments' authors. Users are readable only by themselves and
 * admins, so this reads with overrideAccess and selects nothing but the two public role flags.
 */
async function authorFlags(payload: Payload, ids: number[]): Promise<Map<number, AuthorFlags>> {
  const flags = new Map<number, AuthorFlags>()
  if (ids.length === 0) return flags
  const { docs } = await payload.find({
    collection: 'users',
    where: { id: { in: ids } },
    select: { isAdmin: true, isPremium: true, premiumExpiresAt: true },
    limit: ids.length,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  for (const user of docs) flags.set(user.id, { isAdmin: userIsAdmin(user), isPremium: holdsPremium(user) })
  return flags
}

const idOf = (value: number | { id: number } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'object' ? value.id : value

/** Comment documents → what `viewer` may see of them (emails for admins only), with counts. */
export async function toCommentViews(payload: Payload, docs: Comment[], videoId: string, viewer: Viewer): Promise<CommentView[]> {
  const authorIds = [...new Set(docs.map((d) => idOf(d.author)).filter((id): id is number => id !== null))]
  const [flags, counts] = await Promise.all([
    authorFlags(payload, authorIds),
    interactionCounts(payload, docs.map((d) => d.id), viewer?.id),
  ])
  const admin = userIsAdmin(viewer)
  return docs.map((doc) => {
    const authorId = idOf(doc.author)
    const author = authorId === null ? undefined : flags.get(authorId)
    const like = counts.likes.get(doc.id)
    const votes = counts.votes.get(doc.id)
    return {
      id: doc.id,
      videoId,
      authorId,
      authorName: doc.authorName,
      authorIsAdmin: Boolean(author?.isAdmin),
      authorIsPremium: Boolean(author?.isPremium),
      content: doc.content,
      createdAt: doc.createdAt,
      likeCount: like?.count ?? 0,
      likedByMe: Boolean(like?.mine),
      reactions: counts.reactions.get(doc.id) ?? [],
      upCount: votes?.up ?? 0,
      downCount: votes?.down ?? 0,
      myVote: votes?.mine ?? null,
      parentId: idOf(doc.parent),
      replies: [],
      canDelete: canDeleteComment(viewer, { author: authorId }),
      ...(admin ? { authorEmail: doc.authorEmail ?? null } : {}),
    }
  })
}

/** Every comment of the video the viewer may read, replies included (the count pages show). */
export async function countVideoComments(payload: Payload, videoDocId: number, user: Viewer): Promise<number> {
  const { totalDocs } = await payload.count({ collection: 'comments', where: { video: { equals: videoDocId } }, user, overrideAccess: false })
  return totalDocs
}

/** The replies of these top-level comments, oldest first, as views attached under their parents. */
async function withReplies(payload: Payload, tops: CommentView[], videoId: string, user: Viewer): Promise<CommentView[]> {
  if (tops.length === 0) return tops
  const { docs } = await payload.find({
    collection: 'comments',
    where: { parent: { in: tops.map((c) => c.id) } },
    sort: OLDEST_FIRST,
    pagination: false,
    depth: 0,
    user,
    overrideAccess: false,
  })
  const replies = await toCommentViews(payload, docs, videoId, user)
  return tops.map((top) => ({ ...top, replies: replies.filter((r) => r.parentId === top.id) }))
}

/**
 * GET /api/videos/{videoId}/comments and the video page's comments section: top-level comments
 * newest first, each with its replies (oldest first), and the video's whole comment count. The
 * discussion of a video the reader cannot play (premium, uncut, early access) is withheld with it:
 * an empty page marked `locked` (comments may tell what the video holds).
 */
export async function listComments(
  payload: Payload,
  { videoId, user, page = 1, limit = COMMENT_PAGE_SIZE }: { videoId: string; user: Viewer; page?: number; limit?: number },
): Promise<CommentPage> {
  const video = await findVideoDoc(payload, { user, videoId })
  if (!video) throw notFound(VIDEO_NOT_FOUND)
  const locked = lockReason(user, video)
  if (locked) return { comments: [], totalDocs: 0, commentCount: 0, page: 1, limit, totalPages: 1, locked }
  const [result, commentCount] = await Promise.all([payload.find({
    collection: 'comments',
    where: { video: { equals: video.id }, parent: { exists: false } },
    sort: NEWEST_FIRST,
    page,
    limit,
    depth: 0,
    user,
    overrideAccess: false,
  }), countVideoComments(payload, video.id, user)])
  const tops = await toCommentViews(payload, result.docs, video.videoId, user)
  return {
    comments: await withReplies(payload, tops, video.videoId, user),
    totalDocs: result.totalDocs,
    commentCount,
    page: result.page ?? page,
    limit,
    totalPages: Math.max(1, result.totalPages),
  }
}

/** The creator's account id (site settings), whose comments carry the 'Creator' badge. */
export async function getCreatorId(payload: Payload): Promise<number | null> {
  return (await getSiteSettings(payload)).creatorId
}

import type { Payload, PayloadRequest } from 'payload'

import { COMMENTS_LOCKED } from '../../../shared/gate-messages'
import { COMMENT_NOT_FOUND, COMMENTING_TOO_FAST } from '../../../shared/member-messages'
import { COMMENT_REQUIRED, NAME_REQUIRED } from '../../../shared/messages'
import type { CommentView } from '../../../shared/types/members'
import type { PointsAward } from '../../../shared/types/points'
import type { Video } from '../../payload-types'
import { inMemberTransaction } from '../db/member-transaction'
import { awardForComment, inTransaction } from '../points'
import { rules } from '../rate-limit'
import { badRequest, forbidden, notFound } from '../errors'
import { canOpen, VIDEO_BY_LINK } from '../premium-gate'
import { findVideoDoc, VIDEO_NOT_FOUND } from '../videos'
import { findComment } from './delete'
import { limitAction } from './limits'
import { toCommentViews, type Viewer } from './list'
import { normalizeCommentText, normalizeName } from './text'

/** Counts a posting attempt per IP and per account (5 a minute by default, RATE_LIMIT_COMMENTS). */
export const limitCommentPosting = (payload: Payload, ip: string, user: Viewer) =>
  limitAction(payload, rules.comment, { ip, userId: user?.id }, COMMENTING_TOO_FAST)

/** The new comment; a member's also carries the points it earned (SPEC §4: no second call for the animation). */
export type PostedComment = CommentView & { award?: PointsAward }

export type NewComment = { content: string; authorName?: string; authorEmail?: string }

/**
 * POST /api/videos/{videoId}/comments. A member's comment is theirs: author, name come from the
 * account and any name or email in the body is ignored. A visitor names themselves.
 */
export async function postComment(
  payload: Payload,
  { videoId, user, input }: { videoId: string; user: Viewer; input: NewComment },
): Promise<PostedComment> {
  const video = await findVideoDoc(payload, { user, videoId })
  if (!video) throw notFound(VIDEO_NOT_FOUND)
  return createComment(payload, { video, parentId: null, user, input })
}

/**
 * POST /api/comments/{id}/replies: a reply, under the same rules as a comment (validation, rate
 * limit, points, deletion). One level deep: a reply to a reply is stored under its top-level comment.
 */
export async function postReply(
  payload: Payload,
  { commentId, user, input }: { commentId: number | null; user: Viewer; input: NewComment },
): Promise<PostedComment> {
  // Read with the caller's access: a comment of a video they cannot open is not found.
  const parent = await findComment(payload, commentId, user)
  const topId = idOf(parent.parent) ?? parent.id
  const videoDocId = idOf(parent.video)
  const found = videoDocId === null ? null : await payload.findByID({ collection: 'videos', id: videoDocId, depth: 0, disableErrors: true, context: VIDEO_BY_LINK, user, overrideAccess: false })
  if (!found) throw notFound(COMMENT_NOT_FOUND)
  return createComment(payload, { video: found, parentId: topId, user, input })
}

type VideoDoc = Video

async function createComment(
  payload: Payload,
  { video, parentId, user, input }: { video: VideoDoc; parentId: number | null; user: Viewer; input: NewComment },
): Promise<PostedComment> {
  // Its discussion is for those who can watch it (the premium gate), like its comment list.
  if (!canOpen(user, video)) throw forbidden(COMMENTS_LOCKED)
  const content = normalizeCommentText(input.content)
  if (!content) throw badRequest(COMMENT_REQUIRED)
  const authorName = user ? user.username ?? '' : normalizeName(input.authorName ?? '')
  if (!authorName) throw badRequest(NAME_REQUIRED)
  // The comment and a member's points for it commit together (cms/services/points), the member's
  // row locked before the comment that references it is written (HOUSE rule 18).
  const write = async (req: PayloadRequest) => {
    const created = await payload.create({
      collection: 'comments',
      data: {
        video: video.id,
        parent: parentId,
        author: user?.id ?? null,
        authorName,
        authorEmail: user ? null : input.authorEmail?.toLowerCase() || null,
        content,
      },
      // Comments are closed to direct creation (REST included); this caller was validated and rate-limited.
      overrideAccess: true,
      depth: 0,
      req,
    })
    const earned = user ? await awardForComment(payload, { req, user, commentId: created.id, videoId: video.videoId, videoTitle: video.title }) : undefined
    return { doc: created, award: earned }
  }
  const { doc, award } = user ? await inMemberTransaction(payload, user.id, write) : await inTransaction(payload, write)
  const [view] = await toCommentViews(payload, [doc], video.videoId, user)
  return award ? { ...view!, award } : view!
}

const idOf = (value: number | { id: number } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'object' ? value.id : value

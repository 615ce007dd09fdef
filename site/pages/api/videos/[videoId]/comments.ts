import type { APIRoute } from 'astro'

import { COMMENT_PAGE_SIZE, limitCommentPosting, listComments, postComment } from '../../../../../cms/services/comments'
import { VIDEO_NOT_FOUND } from '../../../../../cms/services/videos'
import { commentSchema } from '../../../../../shared/schemas/comment'
import { memberCommentSchema } from '../../../../../shared/schemas/member-comment'
import { pageQuerySchema, searchParamsToObject } from '../../../../../shared/schemas/pagination'
import { isVideoId } from '../../../../../shared/schemas/videos'
import { clientIp, handle, HttpError, json, parseJson } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

const pageQuery = pageQuerySchema({ defaultLimit: COMMENT_PAGE_SIZE })

/** GET /api/videos/{videoId}/comments?page=&limit= → CommentPage, newest first. */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { videoId } = context.params
    if (!isVideoId(videoId)) throw new HttpError(404, VIDEO_NOT_FOUND)
    const { page, limit } = pageQuery.parse(searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await listComments(payload, { videoId, user: context.locals.authUser, page, limit }))
  })

/** POST /api/videos/{videoId}/comments { authorName, authorEmail, content } → 201 CommentView. */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { videoId } = context.params
    if (!isVideoId(videoId)) throw new HttpError(404, VIDEO_NOT_FOUND)
    const user = context.locals.authUser
    const payload = await getPayloadClient()
    await limitCommentPosting(payload, clientIp(context), user)
    // A member's name comes from the account; only visitors name themselves.
    const input = await parseJson(context.request, user ? memberCommentSchema : commentSchema)
    return json(await postComment(payload, { videoId, user, input }), 201)
  })

// PATCH /api/admin/videos/{videoId} ({ visibility?, publishedAt? }) → AdminVideoRow (admins only).
import type { APIRoute } from 'astro'

import { assertAdmin } from '../../../../../cms/services/posts'
import { updateAdminVideo, VIDEO_NOT_FOUND } from '../../../../../cms/services/videos'
import { isVideoId } from '../../../../../shared/schemas/videos'
import { adminVideoUpdateSchema } from '../../../../../shared/video-visibility'
import { handle, HttpError, json, parseJson } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

export const PATCH: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const { videoId } = context.params
    if (!isVideoId(videoId)) throw new HttpError(404, VIDEO_NOT_FOUND)
    const data = await parseJson(context.request, adminVideoUpdateSchema)
    return json(await updateAdminVideo(await getPayloadClient(), { user: context.locals.authUser, videoId, data }))
  })

import type { APIRoute } from 'astro'

import { getVideoSeo, VIDEO_NOT_FOUND } from '../../../../../cms/services/videos'
import { isVideoId } from '../../../../../shared/schemas/videos'
import { handle, HttpError, json } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/** GET /api/videos/{videoId}/seo → VideoSeo. */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { videoId } = context.params
    if (!isVideoId(videoId)) throw new HttpError(404, VIDEO_NOT_FOUND)
    const payload = await getPayloadClient()
    return json(await getVideoSeo(payload, { user: context.locals.authUser, videoId }))
  })

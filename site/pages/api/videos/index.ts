import type { APIRoute } from 'astro'

import { listVideos } from '../../../../cms/services/videos'
import { searchParamsToObject } from '../../../../shared/schemas/pagination'
import { videoListQuerySchema } from '../../../../shared/schemas/videos'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** GET /api/videos?page=&limit= → VideoPage (newest first; page and limit clamped, never refused). */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { page, limit } = videoListQuerySchema.parse(searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await listVideos(payload, { user: context.locals.authUser, page, limit }))
  })

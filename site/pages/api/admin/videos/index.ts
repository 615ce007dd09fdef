// GET /api/admin/videos?page= → AdminVideoPage: every video with its status, visibility and
// publish date, for /admin's video list (admins only).
import type { APIRoute } from 'astro'

import { listAdminVideos } from '../../../../../cms/services/videos'
import { pageQuerySchema, searchParamsToObject } from '../../../../../shared/schemas/pagination'
import { handle, json } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

const querySchema = pageQuerySchema()

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { page } = querySchema.parse(searchParamsToObject(context.url.searchParams))
    return json(await listAdminVideos(await getPayloadClient(), { user: context.locals.authUser, page }))
  })

// GET /api/announcements?active=true → Announcement[]; POST (admin) → Announcement.
import type { APIRoute } from 'astro'

import { createAnnouncement, listAnnouncements } from '../../../../cms/services/announcements'
import { assertAdmin, parseInput } from '../../../../cms/services/posts'
import { announcementCreateSchema } from '../../../../shared/schemas/content'
import { announcementListQuerySchema, withoutNul } from '../../../../shared/schemas/content-query'
import { searchParamsToObject } from '../../../../shared/schemas/pagination'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const { active } = parseInput(announcementListQuerySchema, searchParamsToObject(context.url.searchParams))
    const payload = await getPayloadClient()
    return json(await listAnnouncements(payload, { user: context.locals.authUser, activeOnly: active }))
  })

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const payload = await getPayloadClient()
    const data = await parseJson(context.request, withoutNul(announcementCreateSchema))
    return json(await createAnnouncement(payload, { user: context.locals.authUser, data }), 201)
  })

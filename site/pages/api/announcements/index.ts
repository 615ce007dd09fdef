// GET /api/announcements?active=true → Announcement[]; POST (admin) → Announcement.
import type { APIRoute } from 'astro'

import { createAnnouncement } from '../../../../cms/services/announcements'
import { assertAdmin } from '../../../../cms/services/posts'
import { announcementCreateSchema } from '../../../../shared/schemas/content'
import { withoutNul } from '../../../../shared/schemas/content-query'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'
import { readAnnouncementList } from '../../../lib/public-api'

export const GET: APIRoute = readAnnouncementList

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const payload = await getPayloadClient()
    const data = await parseJson(context.request, withoutNul(announcementCreateSchema))
    return json(await createAnnouncement(payload, { user: context.locals.authUser, data }), 201)
  })

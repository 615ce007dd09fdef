// PATCH /api/announcements/{id} ({ isActive } alone toggles), DELETE /api/announcements/{id} (admin).
import type { APIRoute } from 'astro'

import { deleteAnnouncement, updateAnnouncement } from '../../../../cms/services/announcements'
import { assertAdmin, parseInput } from '../../../../cms/services/posts'
import { announcementUpdateSchema } from '../../../../shared/schemas/content'
import { idSchema, withoutNul } from '../../../../shared/schemas/content-query'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

const announcementId = idSchema('Announcement')

export const PATCH: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const id = parseInput(announcementId, context.params.id)
    const data = await parseJson(context.request, withoutNul(announcementUpdateSchema))
    const payload = await getPayloadClient()
    return json(await updateAnnouncement(payload, { user: context.locals.authUser, id, data }))
  })

export const DELETE: APIRoute = (context) =>
  handle(context, async () => {
    assertAdmin(context.locals.authUser)
    const id = parseInput(announcementId, context.params.id)
    const payload = await getPayloadClient()
    return json({ success: true, ...(await deleteAnnouncement(payload, { user: context.locals.authUser, id })) })
  })

// GET /api/admin/settings → AdminSiteSettings; PUT { any of siteName, siteDescription,
// merchStoreUrl, youtubeHandle, supportEmail, timeZone } → AdminSiteSettings (admins).
import type { APIRoute } from 'astro'

import { assertCanEditSettings, getAdminSettings, updateSiteSettings } from '../../../../cms/services/settings'
import { siteSettingsUpdateSchema } from '../../../../shared/schemas/site-settings'
import { withoutNul } from '../../../../shared/schemas/content-query'
import { handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    assertCanEditSettings(user)
    return json(await getAdminSettings(await getPayloadClient(), { user }))
  })

export const PUT: APIRoute = (context) =>
  handle(context, async () => {
    const user = context.locals.authUser
    assertCanEditSettings(user)
    const data = await parseJson(context.request, withoutNul(siteSettingsUpdateSchema))
    return json(await updateSiteSettings(await getPayloadClient(), { user, data }))
  })

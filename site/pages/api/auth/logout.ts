import type { APIRoute } from 'astro'

import { logoutMember } from '../../../../cms/services/auth'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    // The cookie is expired and the session ended whatever happens to the database write (logoutMember).
    const token = context.cookies.get(`${payload.config.cookiePrefix}-token`)?.value ?? null
    const cookie = await logoutMember(payload, context.locals.authUser ?? null, token)
    return json({ success: true }, 200, { 'set-cookie': cookie })
  })

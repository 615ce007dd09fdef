import type { APIRoute } from 'astro'

import { expiredSessionCookie, logoutMember } from '../../../../cms/services/auth'
import { handle, json } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    const cookie = context.locals.authUser
      ? await logoutMember(payload, context.locals.authUser)
      : expiredSessionCookie(payload)
    return json({ success: true }, 200, { 'set-cookie': cookie })
  })

import type { APIRoute } from 'astro'

import { loginMember, toSessionUser } from '../../../../cms/services/auth'
import { rules } from '../../../../cms/services/rate-limit'
import { loginSchema } from '../../../../shared/schemas/auth'
import { clientIp, enforceRateLimit, handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const ip = clientIp(context)
    enforceRateLimit(rules.login, ip)
    const input = await parseJson(context.request, loginSchema)
    const payload = await getPayloadClient()
    const { user, cookie } = await loginMember(payload, input.username, input.password, ip)
    return json({ user: toSessionUser(user) }, 200, { 'set-cookie': cookie })
  })

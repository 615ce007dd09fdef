import type { APIRoute } from 'astro'

import { registerMember, startSession, toSessionUser } from '../../../../cms/services/auth'
import { rules } from '../../../../cms/services/rate-limit'
import { registerSchema } from '../../../../shared/schemas/auth'
import { clientIp, enforceRateLimit, handle, json, parseJson } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const ip = clientIp(context)
    await enforceRateLimit(rules.register, ip)
    // The 13+ rule, the password rules and the date checks are all in the shared schema.
    const input = await parseJson(context.request, registerSchema)
    const payload = await getPayloadClient()
    const { user, award } = await registerMember(payload, input)
    payload.logger.info({ event: 'member_registered', userId: user.id, memberNumber: user.memberNumber, ip }, 'new member')
    const cookie = await startSession(payload, user)
    return json({ user: toSessionUser(user), award }, 201, { 'set-cookie': cookie })
  })

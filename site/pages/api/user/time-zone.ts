import type { APIRoute } from 'astro'

import { setTimeZone } from '../../../../cms/services/points'
import { rules } from '../../../../cms/services/rate-limit'
import { timeZoneSchema } from '../../../../shared/schemas/points'
import { enforceRateLimit, handle, json, parseJson, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** PUT /api/user/time-zone { timeZone } → { timeZone }: the zone the member's days count in (a few changes a day at most). */
export const PUT: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const { timeZone } = await parseJson(context.request, timeZoneSchema)
    if (timeZone === authUser.timeZone) return json({ timeZone })
    await enforceRateLimit(rules.timeZone, `user:${authUser.id}`)
    const payload = await getPayloadClient()
    return json(await setTimeZone(payload, { userId: authUser.id, timeZone }))
  })

import type { APIRoute } from 'astro'

import { rules } from '../../../../cms/services/rate-limit'
import { recordMood } from '../../../../cms/services/recommendations'
import { moodSchema } from '../../../../shared/schemas/engagement'
import { enforceRateLimit, handle, json, parseJson, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** POST /api/user/mood { mood, intensity, context? } → 201 { mood, recommendations }: the mood is kept and a list made for it. */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const input = await parseJson(context.request, moodSchema)
    await enforceRateLimit(rules.recommendations, `user:${authUser.id}`)
    return json(await recordMood(await getPayloadClient(), authUser, input), 201)
  })

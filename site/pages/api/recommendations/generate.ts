import type { APIRoute } from 'astro'

import { rules } from '../../../../cms/services/rate-limit'
import { generateRecommendations } from '../../../../cms/services/recommendations'
import { generateRecommendationsSchema } from '../../../../shared/schemas/engagement'
import { enforceRateLimit, handle, json, parseJson, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/** POST /api/recommendations/generate { mood, limit } (limit 10 by default; 8 from History) → Recommendation[]. */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const input = await parseJson(context.request, generateRecommendationsSchema)
    await enforceRateLimit(rules.recommendations, `user:${authUser.id}`)
    return json(await generateRecommendations(await getPayloadClient(), authUser, input))
  })

import type { APIRoute } from 'astro'

import { parseInput } from '../../../../../cms/services/posts'
import { rules } from '../../../../../cms/services/rate-limit'
import { setFeedback } from '../../../../../cms/services/recommendations'
import { idSchema } from '../../../../../shared/schemas/content-query'
import { recommendationFeedbackSchema } from '../../../../../shared/schemas/engagement'
import { enforceRateLimit, handle, json, parseJson, requireUser } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/** PATCH /api/recommendations/{id}/feedback { feedback } → Recommendation (the member's own; else 404). */
export const PATCH: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const id = parseInput(idSchema('Recommendation'), context.params.id)
    const { feedback } = await parseJson(context.request, recommendationFeedbackSchema)
    await enforceRateLimit(rules.recommendationFeedback, `user:${authUser.id}`)
    return json(await setFeedback(await getPayloadClient(), authUser, id, feedback))
  })

import type { APIRoute } from 'astro'

import { parseInput } from '../../../../../cms/services/posts'
import { rules } from '../../../../../cms/services/rate-limit'
import { markViewed } from '../../../../../cms/services/recommendations'
import { idSchema } from '../../../../../shared/schemas/content-query'
import { enforceRateLimit, handle, json, requireUser } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/** PATCH /api/recommendations/{id}/viewed (empty body) → Recommendation (the member's own; else 404). */
export const PATCH: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const id = parseInput(idSchema('Recommendation'), context.params.id)
    await enforceRateLimit(rules.recommendationFeedback, `user:${authUser.id}`)
    return json(await markViewed(await getPayloadClient(), authUser, id))
  })

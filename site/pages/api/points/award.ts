import type { APIRoute } from 'astro'

import { claimAward } from '../../../../cms/services/points'
import { rules } from '../../../../cms/services/rate-limit'
import { pointsAwardSchema } from '../../../../shared/schemas/engagement'
import { enforceRateLimit, handle, json, parseJson, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/**
 * POST /api/points/award { activityType, contentType, contentId } → { pointsAwarded, levelUp,
 * newLevel, achievementUnlocked }. Only video_complete, blog_read and content_share, each on the
 * server's own evidence (cms/services/points/evidence.ts); description and metadata are ignored.
 * A repeat answers 200 with 0 points; any other activity type 400.
 */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    await enforceRateLimit(rules.pointsAward, `user:${authUser.id}`)
    const input = await parseJson(context.request, pointsAwardSchema)
    const payload = await getPayloadClient()
    const { pointsAwarded, levelUp, newLevel, achievementUnlocked } = await claimAward(payload, { user: authUser, input })
    return json({ pointsAwarded, levelUp, newLevel, achievementUnlocked })
  })

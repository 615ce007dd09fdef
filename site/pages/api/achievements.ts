import type { APIRoute } from 'astro'

import { listAchievements } from '../../../cms/services/points'
import { handle, json } from '../../lib/http'
import { getPayloadClient } from '../../lib/payload'

/** GET /api/achievements → the catalogue; a member's rows add isUnlocked, unlockedAt and progress. Secret ones stay untitled until unlocked. */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const payload = await getPayloadClient()
    return json(await listAchievements(payload, { userId: context.locals.authUser?.id ?? null }))
  })

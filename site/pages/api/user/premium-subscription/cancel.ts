import type { APIRoute } from 'astro'

import { cancelPremium } from '../../../../../cms/services/premium'
import { handle, json, requireUser } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/** POST /api/user/premium-subscription/cancel → { success, message, premiumUntil }; Premium stays until then. 404 without a subscription. */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const payload = await getPayloadClient()
    return json(await cancelPremium(payload, { user: authUser }))
  })

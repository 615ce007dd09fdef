import type { APIRoute } from 'astro'

import { activatePremium } from '../../../../cms/services/premium'
import { premiumSubscriptionSchema } from '../../../../shared/schemas/premium'
import { handle, json, parseJson, requireUser } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/**
 * POST /api/user/premium-subscription { subscriptionId, payerId, status: 'active' } → { success, message }.
 * PayPal, not the body, decides: 400 not active or another plan, 403 another member's, 409 linked
 * to another account, 502 PayPal unreachable (nothing changed).
 */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const input = await parseJson(context.request, premiumSubscriptionSchema)
    const payload = await getPayloadClient()
    return json(await activatePremium(payload, { user: authUser, subscriptionId: input.subscriptionId }))
  })

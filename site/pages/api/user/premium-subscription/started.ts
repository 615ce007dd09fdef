import type { APIRoute } from 'astro'

import { recordStartedSubscription } from '../../../../../cms/services/premium'
import { startedSubscriptionSchema } from '../../../../../shared/schemas/premium'
import { handle, json, parseJson, requireUser } from '../../../../lib/http'
import { getPayloadClient } from '../../../../lib/payload'

/**
 * POST /api/user/premium-subscription/started { subscriptionId } → { success }: the PayPal button
 * created this subscription; recorded before the buyer pays. 409 while another one renews, 403
 * another member's, 400 not ours or no longer approvable, 502 PayPal unreachable.
 */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const { authUser } = requireUser(context)
    const input = await parseJson(context.request, startedSubscriptionSchema)
    const payload = await getPayloadClient()
    return json(await recordStartedSubscription(payload, { user: authUser, subscriptionId: input.subscriptionId }))
  })

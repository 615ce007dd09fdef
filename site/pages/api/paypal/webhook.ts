import type { APIRoute } from 'astro'

import { handleWebhook } from '../../../../cms/services/premium'
import { clientIp, handle, HttpError, json, MAX_JSON_BYTES } from '../../../lib/http'
import { getPayloadClient } from '../../../lib/payload'

/**
 * POST /api/paypal/webhook (PayPal → us, no session, no Origin). The raw text goes to the service
 * untouched: PayPal verifies the event as it was sent. → 200 { received: true }, also for a
 * replay; 400 { error } when PayPal does not vouch for it.
 */
export const POST: APIRoute = (context) =>
  handle(context, async () => {
    const rawBody = await context.request.text()
    if (rawBody.length > MAX_JSON_BYTES) throw new HttpError(413, 'Request body is too large.')
    const payload = await getPayloadClient()
    await handleWebhook(payload, { headers: context.request.headers, rawBody, ip: clientIp(context) })
    return json({ received: true })
  })

import type { APIRoute } from 'astro'

import { configuredPaypal } from '../../../../cms/services/premium'
import { PAYPAL_NOT_CONFIGURED } from '../../../../cms/services/paypal'
import { errorResponse, handle, json } from '../../../lib/http'

/** GET /api/paypal/client-id → { clientId } for the JS SDK; 503 when PayPal is not configured. */
export const GET: APIRoute = (context) =>
  handle(context, async () => {
    const paypal = configuredPaypal()
    if (!paypal) return errorResponse(503, PAYPAL_NOT_CONFIGURED)
    return json({ clientId: paypal.config.clientId })
  })

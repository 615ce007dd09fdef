/** The parts of PayPal's v1 billing objects the site reads (developer.paypal.com/docs/api/subscriptions/v1/). */
export type PaypalMoney = { currency_code: string; value: string }

export type PaypalSubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED'

export type PaypalSubscription = {
  id: string
  status: PaypalSubscriptionStatus | string
  plan_id: string
  custom_id?: string
  start_time?: string
  status_update_time?: string
  subscriber?: { payer_id?: string; email_address?: string }
  billing_info?: {
    next_billing_time?: string
    last_payment?: { amount: PaypalMoney; time: string }
    failed_payments_count?: number
  }
}

/** A webhook event as PayPal posts it (developer.paypal.com/api/rest/webhooks/event-names/). */
export type PaypalWebhookEvent = {
  id: string
  event_type: string
  resource_type?: string
  create_time?: string
  summary?: string
  resource: Record<string, unknown>
}

/** The five transmission headers PayPal signs a webhook delivery with. */
export type WebhookTransmission = {
  authAlgo: string
  certUrl: string
  transmissionId: string
  transmissionSig: string
  transmissionTime: string
}

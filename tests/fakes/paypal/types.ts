/** A subscription as PayPal's GET /v1/billing/subscriptions/{id} returns it. */
export type FakeSubscription = {
  id: string
  plan_id: string
  custom_id: string
  status: 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED'
  start_time: string
  create_time: string
  update_time: string
  status_update_time: string
  quantity: string
  subscriber: { payer_id: string; email_address?: string; name?: { given_name: string; surname: string } }
  billing_info: {
    outstanding_balance?: { currency_code: string; value: string }
    last_payment?: { amount: { currency_code: string; value: string }; time: string }
    next_billing_time?: string
    failed_payments_count?: number
  }
  plan_overridden: boolean
  links: unknown[]
}

export type SendWebhookOptions = { forge?: boolean; eventId?: string; createTime?: string }

export type WebhookDelivery = { body: string; headers: Record<string, string> }

/** A PAYMENT.SALE.COMPLETED resource for a subscription's payment. */
export const saleResource = (subscriptionId: string, { total = '4.99', currency = 'USD', id }: { total?: string; currency?: string; id?: string } = {}) => ({
  id: id ?? `SALE${Math.random().toString(36).slice(2, 14).toUpperCase()}`,
  state: 'completed',
  amount: { total, currency, details: { subtotal: total } },
  payment_mode: 'INSTANT_TRANSFER',
  protection_eligibility: 'ELIGIBLE',
  transaction_fee: { value: '0.47', currency },
  billing_agreement_id: subscriptionId,
  create_time: new Date().toISOString(),
  update_time: new Date().toISOString(),
  links: [],
})

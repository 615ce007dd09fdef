import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { transactionDb } from '../db/transactions'
import { toCents, type PaypalSubscription } from '../paypal'

/**
 * The first payment, recorded when the member's subscription is confirmed; the reference makes a
 * second confirmation insert nothing, and a sale that PayPal already reported for this
 * subscription (a webhook that came first) stands for it instead.
 */
export async function recordActivationPayment(payload: Payload, req: PayloadRequest, userId: number, subscription: PaypalSubscription): Promise<boolean> {
  const last = subscription.billing_info?.last_payment
  if (!last) return false
  const db = await transactionDb(payload, req)
  const { rows } = await db.execute(sql`
    insert into payments (reference, user_id, kind, amount_cents, currency, paid_at, paypal_subscription_id, paypal_payer_id)
    select ${`activation:${subscription.id}`}, ${userId}, 'activation', ${toCents(last.amount.value)}, ${last.amount.currency_code},
           ${last.time}, ${subscription.id}, ${subscription.subscriber?.payer_id ?? null}
    where not exists (select 1 from payments where paypal_subscription_id = ${subscription.id})
    on conflict do nothing
    returning id`)
  return rows.length > 0
}

export type Sale = { saleId: string; subscriptionId: string; amountCents: number; currency: string; paidAt: string | null; eventId: string }

/**
 * One row per PayPal sale. The subscription's first sale completes the activation row (its sale
 * id was not known then) rather than counting the same money twice; every later sale is a renewal.
 */
export async function recordSale(payload: Payload, req: PayloadRequest, userId: number, sale: Sale): Promise<boolean> {
  const db = await transactionDb(payload, req)
  const known = await db.execute(sql`select id from payments where paypal_sale_id = ${sale.saleId}`)
  if (known.rows.length > 0) return false
  const completed = await db.execute(sql`
    update payments set paypal_sale_id = ${sale.saleId}, amount_cents = ${sale.amountCents}, currency = ${sale.currency},
           paid_at = coalesce(${sale.paidAt}, paid_at), paypal_event_id = ${sale.eventId}, updated_at = now()
    where reference = ${`activation:${sale.subscriptionId}`} and paypal_sale_id is null
      and not exists (select 1 from payments where paypal_subscription_id = ${sale.subscriptionId} and paypal_sale_id is not null)
    returning id`)
  if (completed.rows.length > 0) return true
  const { rows } = await db.execute(sql`
    insert into payments (reference, user_id, kind, amount_cents, currency, paid_at, paypal_subscription_id, paypal_sale_id, paypal_event_id)
    values (${`sale:${sale.saleId}`}, ${userId}, 'renewal', ${sale.amountCents}, ${sale.currency}, ${sale.paidAt}, ${sale.subscriptionId}, ${sale.saleId}, ${sale.eventId})
    on conflict do nothing
    returning id`)
  return rows.length > 0
}

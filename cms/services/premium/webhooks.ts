import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { WEBHOOK_MALFORMED, WEBHOOK_UNVERIFIED } from '../../../shared/premium-messages'
import type { User } from '../../payload-types'
import { transactionDb } from '../db/transactions'
import { badRequest } from '../errors'
import { toCents, type PaypalSubscription, type PaypalWebhookEvent, type WebhookTransmission } from '../paypal'
import { applySubscription } from './apply'
import { recordSale } from './payments'
import { requirePaypal, type Paypal } from './paypal'
import { cancelReplaced, renewsAnother, settleRecordedSubscription } from './recorded'
import { inTransaction, lockUser, subscriptionHolder } from './transaction'

/** The events the site acts on (README: Premium and PayPal lists them for the dashboard). */
export const HANDLED_EVENTS = [
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.RE-ACTIVATED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
  'PAYMENT.SALE.COMPLETED',
] as const

export type WebhookDelivery = { headers: Headers; rawBody: string; ip?: string }
export type WebhookResult = { received: true; replay: boolean; outcome: 'applied' | 'ignored' | 'replay' }

const header = (headers: Headers, name: string) => headers.get(name)?.trim() ?? ''

function transmissionOf(headers: Headers): WebhookTransmission | null {
  const transmission = {
    authAlgo: header(headers, 'paypal-auth-algo'),
    certUrl: header(headers, 'paypal-cert-url'),
    transmissionId: header(headers, 'paypal-transmission-id'),
    transmissionSig: header(headers, 'paypal-transmission-sig'),
    transmissionTime: header(headers, 'paypal-transmission-time'),
  }
  return Object.values(transmission).every(Boolean) ? transmission : null
}

function parseEvent(rawBody: string): PaypalWebhookEvent | null {
  try {
    const event = JSON.parse(rawBody) as Partial<PaypalWebhookEvent>
    const valid =
      typeof event.id === 'string' && event.id.length > 0 && event.id.length <= 128 &&
      typeof event.event_type === 'string' && event.event_type.length <= 128 &&
      event.resource !== null && typeof event.resource === 'object' && !Array.isArray(event.resource)
    return valid ? (event as PaypalWebhookEvent) : null
  } catch {
    return null
  }
}

/**
 * POST /api/paypal/webhook. PayPal's verify-webhook-signature decides whether the delivery is
 * PayPal's (unverified: 400, nothing changes, a security event in the log). A verified event is
 * claimed by its id (unique) in the same transaction that applies it, so a replay is a no-op; the
 * subscription's current state is fetched from PayPal rather than trusting the event's order.
 */
export async function handleWebhook(payload: Payload, delivery: WebhookDelivery, paypal: Paypal = requirePaypal()): Promise<WebhookResult> {
  const event = parseEvent(delivery.rawBody)
  const transmission = transmissionOf(delivery.headers)
  const verified = Boolean(event && transmission) && (await paypal.client.verifyWebhookSignature(transmission!, delivery.rawBody))
  if (!verified) {
    payload.logger.warn(
      { event: 'paypal_webhook_unverified', ip: delivery.ip ?? null, transmissionId: transmission?.transmissionId ?? null, eventId: event?.id ?? null, eventType: event?.event_type ?? null },
      'PayPal webhook refused: signature not verified',
    )
    throw badRequest(event ? WEBHOOK_UNVERIFIED : WEBHOOK_MALFORMED)
  }
  const subscriptionId = subscriptionIdOf(event!)
  // Fetched before the transaction: no database connection waits on PayPal.
  const subscription = subscriptionId && isHandled(event!.event_type) ? await paypal.client.getSubscription(subscriptionId) : null
  await settleStartingMember(payload, subscription, paypal)

  const { result, replaced } = await inTransaction(payload, async (req) => {
    const claimed = await claimEvent(payload, req, event!, subscriptionId)
    if (!claimed) return { result: { received: true, replay: true, outcome: 'replay' } as WebhookResult, replaced: null }
    const { outcome, note, userId, replaced } = await applyEvent(payload, req, event!, subscription, paypal)
    const db = await transactionDb(payload, req)
    await db.execute(sql`update paypal_webhook_events set outcome = ${outcome}, note = ${note}, user_id = ${userId} where id = ${claimed}`)
    payload.logger.info({ event: 'paypal_webhook', eventId: event!.id, eventType: event!.event_type, subscriptionId, outcome, note, userId }, 'PayPal webhook handled')
    return { result: { received: true, replay: false, outcome } as WebhookResult, replaced: replaced && userId ? { userId, ...replaced } : null }
  })
  if (replaced) await cancelReplaced(payload, paypal, replaced.userId, replaced)
  return result
}

/**
 * An ACTIVE subscription the member who started it does not hold yet: the subscription their row
 * records is first brought up to date from PayPal (before the transaction: no connection waits on
 * PayPal), so "that one still renews" below is PayPal's answer, not a stale row's.
 */
async function settleStartingMember(payload: Payload, subscription: PaypalSubscription | null, paypal: Paypal): Promise<void> {
  if (subscription?.status !== 'ACTIVE' || subscription.plan_id !== paypal.config.planId || !/^\d+$/.test(subscription.custom_id ?? '')) return
  // A service read by PayPal's custom_id; nothing of it reaches the caller.
  const member = await payload.findByID({ collection: 'users', id: Number(subscription.custom_id), depth: 0, overrideAccess: true, disableErrors: true })
  if (member) await settleRecordedSubscription(payload, member, paypal, subscription.id)
}

const isHandled = (type: string) => (HANDLED_EVENTS as readonly string[]).includes(type)

function subscriptionIdOf(event: PaypalWebhookEvent): string | null {
  const resource = event.resource
  const id = event.event_type.startsWith('BILLING.SUBSCRIPTION.') ? resource.id : resource.billing_agreement_id
  return typeof id === 'string' && /^I-[A-Z0-9]{4,60}$/.test(id) ? id : null
}

async function claimEvent(payload: Payload, req: PayloadRequest, event: PaypalWebhookEvent, subscriptionId: string | null): Promise<number | null> {
  const db = await transactionDb(payload, req)
  const resourceId = subscriptionId ?? (typeof event.resource.id === 'string' ? event.resource.id.slice(0, 128) : null)
  const { rows } = await db.execute(sql`
    insert into paypal_webhook_events (event_id, event_type, resource_id, received_at, outcome)
    values (${event.id}, ${event.event_type}, ${resourceId}, now(), 'ignored')
    on conflict (event_id) do nothing
    returning id`)
  return rows[0] ? Number(rows[0].id) : null
}

type Applied = { outcome: 'applied' | 'ignored'; note: string; userId: number | null; replaced?: { id: string; status: string | null } | null }

async function applyEvent(payload: Payload, req: PayloadRequest, event: PaypalWebhookEvent, subscription: PaypalSubscription | null, paypal: Paypal): Promise<Applied> {
  if (!isHandled(event.event_type)) return { outcome: 'ignored', note: 'event type not handled', userId: null }
  if (!subscription) return { outcome: 'ignored', note: 'no such subscription at PayPal', userId: null }
  if (subscription.plan_id !== paypal.config.planId) return { outcome: 'ignored', note: 'another plan', userId: null }
  const member = await memberOf(payload, req, subscription)
  if (!member) return { outcome: 'ignored', note: 'no member holds this subscription', userId: null }
  if (renewsAnother(member, subscription.id)) {
    // A second subscription while the member's first renews (two tabs, a confirmation that lost the
    // race): stopped at PayPal so it never charges again. Inside the transaction on purpose: if
    // PayPal cannot be reached the claim rolls back and PayPal's retry tries again.
    await paypal.client.cancelSubscription(subscription.id, 'A second subscription: the member already has one that renews')
    payload.logger.warn({ event: 'premium_second_subscription_refused', userId: member.id, subscriptionId: subscription.id, renewingSubscriptionId: member.paypalSubscriptionId }, 'second PayPal subscription cancelled: the member has one that renews')
    return { outcome: 'applied', note: 'a second subscription while another renews: cancelled at PayPal', userId: member.id }
  }
  const replaced = member.paypalSubscriptionId && member.paypalSubscriptionId !== subscription.id ? { id: member.paypalSubscriptionId, status: member.paypalSubscriptionStatus ?? null } : null
  const changed = await applySubscription(payload, req, member, subscription)
  let paid = false
  if (event.event_type === 'PAYMENT.SALE.COMPLETED') {
    const sale = saleOf(event, subscription.id)
    if (!sale) return { outcome: 'ignored', note: 'sale without an amount', userId: member.id }
    paid = await recordSale(payload, req, member.id, sale)
  }
  const note = [changed ? `premium now follows ${subscription.status}` : 'premium already up to date', paid ? 'payment recorded' : ''].filter(Boolean).join('; ')
  return { outcome: 'applied', note, userId: member.id, replaced }
}

/**
 * The member the subscription belongs to: the account holding it, or (when the member's own
 * confirmation never reached us) the member its custom_id names, if the subscription is ACTIVE.
 */
async function memberOf(payload: Payload, req: PayloadRequest, subscription: PaypalSubscription): Promise<User | null> {
  const holder = await subscriptionHolder(payload, req, subscription.id)
  if (holder) return lockUser(payload, req, holder.id)
  if (subscription.status !== 'ACTIVE' || !/^\d+$/.test(subscription.custom_id ?? '')) return null
  return lockUser(payload, req, Number(subscription.custom_id))
}

function saleOf(event: PaypalWebhookEvent, subscriptionId: string): Parameters<typeof recordSale>[3] | null {
  const resource = event.resource as { id?: unknown; amount?: { total?: unknown; currency?: unknown }; create_time?: unknown }
  if (typeof resource.id !== 'string' || typeof resource.amount?.total !== 'string' || typeof resource.amount.currency !== 'string') return null
  let amountCents: number
  try {
    amountCents = toCents(resource.amount.total)
  } catch {
    return null
  }
  return {
    saleId: resource.id.slice(0, 128),
    subscriptionId,
    amountCents,
    currency: resource.amount.currency.slice(0, 3).toUpperCase(),
    paidAt: typeof resource.create_time === 'string' && !Number.isNaN(Date.parse(resource.create_time)) ? resource.create_time : null,
    eventId: event.id,
  }
}

import type { Payload } from 'payload'

import { holdsPremium } from '../../access/members'
import type { User } from '../../payload-types'
import type { PaypalSubscription } from '../paypal'
import { applySubscription } from './apply'
import { recordActivationPayment } from './payments'
import type { Paypal } from './paypal'
import { inTransaction, lockUser } from './transaction'

/** Statuses PayPal never leaves: a subscription in them will not charge again and needs no look-up. */
const FINAL = new Set(['CANCELLED', 'EXPIRED'])

/**
 * Whether the member holds a PayPal subscription other than `subscriptionId` that renews: a
 * second one would charge them twice. Read from the locked row, after settleRecordedSubscription
 * brought it up to date with PayPal.
 */
export const renewsAnother = (member: User, subscriptionId: string | null, now = new Date()): boolean =>
  Boolean(
    member.paypalSubscriptionId &&
      member.paypalSubscriptionId !== subscriptionId &&
      member.paypalSubscriptionStatus === 'ACTIVE' &&
      member.premiumRenews &&
      holdsPremium(member, now),
  )

/**
 * The subscription recorded on the member's row (other than `except`), as PayPal has it now, and
 * the row brought in line with it (an ACTIVE one grants Premium and records its first payment,
 * as a confirmation would). This is how a payment whose confirmation never reached the site, or
 * failed, is found before the member is offered a second one, and how a row that says "renews"
 * after PayPal stopped it stops blocking a new subscription. Null when nothing is recorded, it is
 * final (cancelled, expired) or PayPal does not know it as this member's. PayPal unreachable:
 * PaypalUnavailableError (502). No database connection waits on PayPal.
 */
export async function settleRecordedSubscription(payload: Payload, member: User, paypal: Paypal, except?: string): Promise<PaypalSubscription | null> {
  const id = member.paypalSubscriptionId
  if (!id || id === except || FINAL.has(member.paypalSubscriptionStatus ?? '')) return null
  const subscription = await paypal.client.getSubscription(id)
  if (!subscription || subscription.plan_id !== paypal.config.planId || subscription.custom_id !== String(member.id)) return null
  await inTransaction(payload, async (req) => {
    const locked = await lockUser(payload, req, member.id)
    // Replaced meanwhile (a confirmation or webhook won the lock): that one decided.
    if (!locked || locked.paypalSubscriptionId !== id) return
    await applySubscription(payload, req, locked, subscription)
    if (subscription.status === 'ACTIVE') await recordActivationPayment(payload, req, locked.id, subscription)
  })
  return subscription
}

/**
 * A subscription the member's row no longer holds but which may still charge (replaced by a new
 * one): cancelled at PayPal so only the subscription the site knows bills. Best effort after the
 * write committed; PayPal answers false for one no longer active.
 */
export async function cancelReplaced(payload: Payload, paypal: Paypal, userId: number, replaced: { id: string; status: string | null } | null): Promise<void> {
  if (!replaced || FINAL.has(replaced.status ?? '')) return
  try {
    const cancelled = await paypal.client.cancelSubscription(replaced.id, 'Replaced by a newer subscription of the same member')
    if (cancelled) payload.logger.warn({ event: 'premium_replaced_subscription_cancelled', userId, subscriptionId: replaced.id }, 'older PayPal subscription cancelled: the member holds a newer one')
  } catch (err) {
    payload.logger.error({ err, event: 'premium_replaced_subscription_cancel_failed', userId, subscriptionId: replaced.id }, 'could not cancel an older PayPal subscription at PayPal')
  }
}

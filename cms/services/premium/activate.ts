import type { Payload } from 'payload'

import {
  PREMIUM_ACTIVATED,
  PREMIUM_ALREADY_ACTIVE,
  SECOND_SUBSCRIPTION_CANCELLED,
  SUBSCRIPTION_LINKED_ELSEWHERE,
  SUBSCRIPTION_NOT_ACTIVE,
  SUBSCRIPTION_NOT_FOUND,
  SUBSCRIPTION_OTHER_MEMBER,
  SUBSCRIPTION_WRONG_PLAN,
} from '../../../shared/premium-messages'
import type { User } from '../../payload-types'
import type { PaypalSubscription } from '../paypal'
import { badRequest, conflict, forbidden, unauthorized } from '../errors'
import { applySubscription } from './apply'
import { recordActivationPayment } from './payments'
import { requirePaypal, type Paypal } from './paypal'
import { cancelReplaced, renewsAnother, settleRecordedSubscription } from './recorded'
import { inTransaction, lockUser, subscriptionHolder } from './transaction'

export type ActivationResult = { success: true; message: string }

/**
 * PayPal's subscription, checked to be one this member may link: it exists, this member started
 * it (custom_id: else 403) and it is on our plan. `statuses`: the states accepted (else 400).
 */
export async function ownSubscription(payload: Payload, user: User, subscriptionId: string, paypal: Paypal, statuses: readonly string[]): Promise<PaypalSubscription> {
  const subscription = await paypal.client.getSubscription(subscriptionId)
  if (!subscription) throw badRequest(SUBSCRIPTION_NOT_FOUND)
  if (subscription.custom_id !== String(user.id)) {
    payload.logger.warn({ event: 'premium_foreign_subscription', userId: user.id, subscriptionId, customId: subscription.custom_id ?? null }, 'premium refused: subscription started by someone else')
    throw forbidden(SUBSCRIPTION_OTHER_MEMBER)
  }
  if (subscription.plan_id !== paypal.config.planId) throw badRequest(SUBSCRIPTION_WRONG_PLAN)
  if (!statuses.includes(subscription.status)) throw badRequest(SUBSCRIPTION_NOT_ACTIVE)
  return subscription
}

/**
 * POST /api/user/premium-subscription. The body's status is never trusted: PayPal is asked for
 * the subscription, and Premium is granted only when it is ACTIVE, on our plan, started by this
 * member (custom_id) and held by no other account. User fields and the payment row change in one
 * transaction; the same subscription again changes nothing. A second subscription while the
 * member's first still renews (asked of PayPal, not only our row) is refused with 409 and
 * cancelled at PayPal, so it never charges again; one replacing a subscription that had stopped
 * renewing has that older one cancelled at PayPal, so only one can ever bill.
 */
export async function activatePremium(
  payload: Payload,
  { user, subscriptionId }: { user: User; subscriptionId: string },
  paypal: Paypal = requirePaypal(),
): Promise<ActivationResult> {
  const subscription = await ownSubscription(payload, user, subscriptionId, paypal, ['ACTIVE'])
  await settleRecordedSubscription(payload, user, paypal, subscription.id)

  const outcome = await inTransaction(payload, async (req) => {
    const member = await lockUser(payload, req, user.id)
    if (!member) throw unauthorized()
    const holder = await subscriptionHolder(payload, req, subscription.id)
    if (holder && holder.id !== member.id) {
      payload.logger.warn({ event: 'premium_subscription_linked_elsewhere', userId: member.id, holderId: holder.id, subscriptionId }, 'premium refused: subscription linked to another account')
      throw conflict(SUBSCRIPTION_LINKED_ELSEWHERE)
    }
    if (renewsAnother(member, subscription.id)) return { second: member.paypalSubscriptionId! } as const
    const replaced = member.paypalSubscriptionId && member.paypalSubscriptionId !== subscription.id ? { id: member.paypalSubscriptionId, status: member.paypalSubscriptionStatus ?? null } : null
    const updated = await applySubscription(payload, req, member, subscription)
    const paid = await recordActivationPayment(payload, req, member.id, subscription)
    return { changed: updated || paid, replaced } as const
  })

  if ('second' in outcome) {
    // Its first payment is PayPal's to refund (the log names both for the admin); no more will follow.
    payload.logger.warn({ event: 'premium_second_subscription_refused', userId: user.id, subscriptionId, renewingSubscriptionId: outcome.second }, 'second PayPal subscription refused and cancelled: the member has one that renews')
    await paypal.client.cancelSubscription(subscription.id, 'A second subscription: the member already has one that renews')
    throw conflict(SECOND_SUBSCRIPTION_CANCELLED)
  }
  await cancelReplaced(payload, paypal, user.id, outcome.replaced)
  return { success: true, message: outcome.changed ? PREMIUM_ACTIVATED : PREMIUM_ALREADY_ACTIVE }
}

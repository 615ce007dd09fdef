import type { Payload } from 'payload'

import {
  PREMIUM_ACTIVATED,
  PREMIUM_ALREADY_ACTIVE,
  SUBSCRIPTION_LINKED_ELSEWHERE,
  SUBSCRIPTION_NOT_ACTIVE,
  SUBSCRIPTION_NOT_FOUND,
  SUBSCRIPTION_OTHER_MEMBER,
  SUBSCRIPTION_WRONG_PLAN,
} from '../../../shared/premium-messages'
import type { User } from '../../payload-types'
import { badRequest, conflict, forbidden, unauthorized } from '../errors'
import { applySubscription } from './apply'
import { recordActivationPayment } from './payments'
import { requirePaypal, type Paypal } from './paypal'
import { inTransaction, lockUser, subscriptionHolder } from './transaction'

export type ActivationResult = { success: true; message: string }

/**
 * POST /api/user/premium-subscription. The body's status is never trusted: PayPal is asked for
 * the subscription, and Premium is granted only when it is ACTIVE, on our plan, started by this
 * member (custom_id) and held by no other account. User fields and the payment row change in one
 * transaction; the same subscription again changes nothing.
 */
export async function activatePremium(
  payload: Payload,
  { user, subscriptionId }: { user: User; subscriptionId: string },
  paypal: Paypal = requirePaypal(),
): Promise<ActivationResult> {
  const subscription = await paypal.client.getSubscription(subscriptionId)
  if (!subscription) throw badRequest(SUBSCRIPTION_NOT_FOUND)
  if (subscription.custom_id !== String(user.id)) {
    payload.logger.warn({ event: 'premium_foreign_subscription', userId: user.id, subscriptionId, customId: subscription.custom_id ?? null }, 'premium refused: subscription started by someone else')
    throw forbidden(SUBSCRIPTION_OTHER_MEMBER)
  }
  if (subscription.plan_id !== paypal.config.planId) throw badRequest(SUBSCRIPTION_WRONG_PLAN)
  if (subscription.status !== 'ACTIVE') throw badRequest(SUBSCRIPTION_NOT_ACTIVE)

  const changed = await inTransaction(payload, async (req) => {
    const member = await lockUser(payload, req, user.id)
    if (!member) throw unauthorized()
    const holder = await subscriptionHolder(payload, req, subscription.id)
    if (holder && holder.id !== member.id) {
      payload.logger.warn({ event: 'premium_subscription_linked_elsewhere', userId: member.id, holderId: holder.id, subscriptionId }, 'premium refused: subscription linked to another account')
      throw conflict(SUBSCRIPTION_LINKED_ELSEWHERE)
    }
    const updated = await applySubscription(payload, req, member, subscription)
    const paid = await recordActivationPayment(payload, req, member.id, subscription)
    return updated || paid
  })
  return { success: true, message: changed ? PREMIUM_ACTIVATED : PREMIUM_ALREADY_ACTIVE }
}

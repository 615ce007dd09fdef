import type { Payload } from 'payload'

import { NO_PAYPAL_SUBSCRIPTION, PREMIUM_CANCELLED } from '../../../shared/premium-messages'
import type { User } from '../../payload-types'
import { notFound, unauthorized } from '../errors'
import { applySubscription } from './apply'
import { requirePaypal, type Paypal } from './paypal'
import { inTransaction, lockUser } from './transaction'

export type CancelResult = { success: true; message: string; premiumUntil: string | null }

/**
 * POST /api/user/premium-subscription/cancel: cancels at PayPal (no further charges); Premium
 * stays until the end of the period already paid, and the member's row records that it won't renew.
 */
export async function cancelPremium(payload: Payload, { user }: { user: User }, paypal: Paypal = requirePaypal()): Promise<CancelResult> {
  const subscriptionId = user.paypalSubscriptionId
  if (!subscriptionId) throw notFound(NO_PAYPAL_SUBSCRIPTION)
  // false: it was no longer active at PayPal (cancelled already); the state below says so either way.
  await paypal.client.cancelSubscription(subscriptionId, 'Cancelled by the member on the site')
  const subscription = await paypal.client.getSubscription(subscriptionId)
  const member = await inTransaction(payload, async (req) => {
    const locked = await lockUser(payload, req, user.id)
    if (!locked) throw unauthorized()
    if (locked.paypalSubscriptionId !== subscriptionId) return locked
    const state = subscription ?? { id: subscriptionId, status: 'CANCELLED', plan_id: paypal.config.planId }
    // PayPal answers a cancelled subscription as CANCELLED; whatever it says, renewal is off now.
    await applySubscription(payload, req, locked, { ...state, status: state.status === 'ACTIVE' ? 'CANCELLED' : state.status })
    return (await lockUser(payload, req, user.id)) ?? locked
  })
  payload.logger.info({ event: 'premium_cancelled', userId: user.id, subscriptionId, premiumUntil: member.premiumExpiresAt ?? null }, 'premium subscription cancelled by the member')
  return { success: true, message: PREMIUM_CANCELLED, premiumUntil: member.premiumExpiresAt ? new Date(member.premiumExpiresAt).toISOString() : null }
}

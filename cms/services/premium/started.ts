import type { Payload } from 'payload'

import { PREMIUM_ALREADY_RENEWS, SUBSCRIPTION_BEING_SET_UP, SUBSCRIPTION_CHECK_UNAVAILABLE, SUBSCRIPTION_LINKED_ELSEWHERE } from '../../../shared/premium-messages'
import type { User } from '../../payload-types'
import { conflict, unauthorized } from '../errors'
import { PaypalUnavailableError } from '../paypal'
import { ownSubscription } from './activate'
import { applySubscription } from './apply'
import { recordActivationPayment } from './payments'
import { requirePaypal, type Paypal } from './paypal'
import { renewsAnother, settleRecordedSubscription } from './recorded'
import { inTransaction, lockUser, subscriptionHolder } from './transaction'

export type StartedResult = { success: true }

/**
 * POST /api/user/premium-subscription/started { subscriptionId }: the PayPal button created a
 * subscription and the buyer is about to approve it. The site records its id on the member's row
 * before any money moves, so a confirmation that fails or never arrives can be found again at
 * PayPal (GET /v1/billing/subscriptions/{id}: PayPal has no search by custom_id). Refused (409)
 * while the member has a subscription that renews: the button then never takes a second payment.
 */
export async function recordStartedSubscription(
  payload: Payload,
  { user, subscriptionId }: { user: User; subscriptionId: string },
  paypal: Paypal = requirePaypal(),
): Promise<StartedResult> {
  const subscription = await ownSubscription(payload, user, subscriptionId, paypal, ['APPROVAL_PENDING', 'APPROVED', 'ACTIVE'])
  await settleRecordedSubscription(payload, user, paypal, subscription.id)
  await inTransaction(payload, async (req) => {
    const member = await lockUser(payload, req, user.id)
    if (!member) throw unauthorized()
    if (renewsAnother(member, subscription.id)) throw conflict(PREMIUM_ALREADY_RENEWS)
    const holder = await subscriptionHolder(payload, req, subscription.id)
    if (holder && holder.id !== member.id) throw conflict(SUBSCRIPTION_LINKED_ELSEWHERE)
    // Not yet approved: only the ids and status are written (premiumFromSubscription), no Premium.
    await applySubscription(payload, req, member, subscription)
    if (subscription.status === 'ACTIVE') await recordActivationPayment(payload, req, member.id, subscription)
  })
  return { success: true }
}

export type SubscribeOffer = { kind: 'offer' } | { kind: 'premium' } | { kind: 'wait'; message: string }

/**
 * Before /subscribe shows the PayPal button: the subscription the member last started is looked up
 * at PayPal. Paid (ACTIVE): it is applied, and the member goes to /premium instead of paying again.
 * Approved but not active yet, or PayPal unreachable: no button, a message to reload later.
 */
export async function subscribeOffer(payload: Payload, user: User, paypal: Paypal = requirePaypal()): Promise<SubscribeOffer> {
  try {
    const recorded = await settleRecordedSubscription(payload, user, paypal)
    if (recorded?.status === 'ACTIVE') return { kind: 'premium' }
    if (recorded?.status === 'APPROVED') return { kind: 'wait', message: SUBSCRIPTION_BEING_SET_UP }
    return { kind: 'offer' }
  } catch (error) {
    if (!(error instanceof PaypalUnavailableError)) throw error
    payload.logger.warn({ event: 'premium_recorded_subscription_unchecked', userId: user.id, subscriptionId: user.paypalSubscriptionId, reason: error.reason }, 'PayPal button withheld: the recorded subscription could not be checked')
    return { kind: 'wait', message: SUBSCRIPTION_CHECK_UNAVAILABLE }
  }
}

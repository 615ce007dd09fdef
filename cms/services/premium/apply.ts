import type { Payload, PayloadRequest } from 'payload'

import type { User } from '../../payload-types'
import type { PaypalSubscription } from '../paypal'
import { awardPremiumSubscription } from '../points'
import { changedFields, premiumFromSubscription } from './state'

/**
 * Brings the member's Premium in line with the subscription; writes only what changed. An active
 * subscription earns its `premium_subscription` points once (keyed by the subscription id), in
 * the same transaction.
 */
export async function applySubscription(payload: Payload, req: PayloadRequest, user: User, subscription: PaypalSubscription): Promise<boolean> {
  const changes = changedFields(user, premiumFromSubscription(user, subscription))
  if (Object.keys(changes).length === 0) return false
  await payload.update({
    collection: 'users',
    id: user.id,
    data: changes,
    depth: 0,
    req,
    // The service checked the subscription with PayPal; members can never write these fields.
    overrideAccess: true,
    context: { premiumSync: true },
  })
  if (subscription.status === 'ACTIVE') await awardPremiumSubscription(payload, { user, subscriptionId: subscription.id, req })
  payload.logger.info({ event: 'premium_changed', userId: user.id, subscriptionId: subscription.id, status: subscription.status, fields: Object.keys(changes) }, 'premium updated from PayPal')
  return true
}

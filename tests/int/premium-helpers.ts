// Shared by the premium-*.test.ts suites (not a test file itself).
import { expect, inject } from 'vitest'

import { fakePaypal } from '../fakes/paypal/control'
import { ApiClient, registerMember } from '../helpers/api-client'
import { sql } from './sql'

export const baseUrl = inject('baseUrl')
export const paypal = fakePaypal(inject('fakePaypalUrl'))

/** A new member and an ACTIVE subscription at the fake PayPal that they started. */
export async function memberWithSubscription(patch: Parameters<typeof paypal.createSubscription>[0] extends infer P ? Partial<P> : never = {}) {
  const member = await registerMember(baseUrl)
  const subscription = await paypal.createSubscription({ custom_id: String(member.user.id), ...patch })
  return { ...member, subscription }
}

export const activate = (client: ApiClient, subscription: { id: string; subscriber: { payer_id: string } }) =>
  client.post('/api/user/premium-subscription', { subscriptionId: subscription.id, payerId: subscription.subscriber.payer_id, status: 'active' })

/** A member with Premium through the fake PayPal, confirmed by the site. */
export async function premiumMember() {
  const member = await memberWithSubscription()
  const res = await activate(member.client, member.subscription)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return member
}

export type StoredPremium = {
  is_premium: boolean | null
  premium_expires_at: Date | null
  premium_source: string | null
  premium_renews: boolean | null
  paypal_subscription_id: string | null
  paypal_customer_id: string | null
  paypal_subscription_status: string | null
  updated_at: Date
  badges: string[]
}

export async function storedPremium(userId: number): Promise<StoredPremium> {
  const [row] = await sql<StoredPremium>(
    `select is_premium, premium_expires_at, premium_source, premium_renews, paypal_subscription_id, paypal_customer_id, paypal_subscription_status, updated_at,
            coalesce((select array_agg(value::text order by "order") from users_badges where parent_id = users.id), '{}') as badges
     from users where id = $1`,
    [userId],
  )
  return row!
}

export const paymentsOf = (userId: number) =>
  sql<{ reference: string; kind: string; amount_cents: string; currency: string; paypal_sale_id: string | null; paypal_subscription_id: string }>(
    'select reference, kind, amount_cents, currency, paypal_sale_id, paypal_subscription_id from payments where user_id = $1 order by id',
    [userId],
  )

export async function signedInAdmin() {
  const client = new ApiClient(baseUrl)
  const res = await client.post('/api/auth/login', inject('admin'))
  expect(res.status).toBe(200)
  return client
}

// SPEC §4 Premium, §7 Payment: POST /api/user/premium-subscription asks PayPal, never the body.
import { describe, expect, it } from 'vitest'

import { ApiClient, isoDateYearsAgo, registerMember } from '../helpers/api-client'
import { sql } from './sql'
import { activate, baseUrl, memberWithSubscription, paymentsOf, paypal, premiumMember, storedPremium } from './premium-helpers'

const GRACE_MS = 3 * 24 * 60 * 60 * 1000

describe('confirming a PayPal subscription', () => {
  it('GET /api/paypal/client-id answers the configured client id', async () => {
    const res = await new ApiClient(baseUrl).get('/api/paypal/client-id')
    expect(res.status).toBe(200)
    expect(res.body.clientId).toMatch(/^fake-client-/)
  })

  it('an ACTIVE subscription of ours grants Premium, ids, badge and one payment row in one go; again changes nothing', async () => {
    const { client, user, subscription } = await memberWithSubscription()
    const res = await activate(client, subscription)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: expect.any(String) })

    const me = (await client.get('/api/auth/me')).body
    expect(me.user ?? me).toMatchObject({ isPremium: true })
    expect((me.user ?? me).badges).toContain('premium')
    const stored = await storedPremium(user.id)
    expect(stored).toMatchObject({
      is_premium: true,
      premium_source: 'paypal',
      premium_renews: true,
      paypal_subscription_id: subscription.id,
      paypal_customer_id: subscription.subscriber.payer_id,
      paypal_subscription_status: 'ACTIVE',
    })
    expect(stored.premium_expires_at!.getTime()).toBe(new Date(subscription.billing_info.next_billing_time!).getTime() + GRACE_MS)
    const payments = await paymentsOf(user.id)
    expect(payments).toEqual([expect.objectContaining({ kind: 'activation', amount_cents: '499', currency: 'USD', paypal_subscription_id: subscription.id })])

    const again = await activate(client, subscription)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ success: true, message: expect.any(String) })
    expect(await paymentsOf(user.id)).toHaveLength(1)
    expect((await storedPremium(user.id)).updated_at.getTime()).toBe(stored.updated_at.getTime())
  })

  it('concurrent confirmations of the same subscription leave one payment row', async () => {
    const { client, user, subscription } = await memberWithSubscription()
    const results = await Promise.all(Array.from({ length: 5 }, () => activate(client, subscription)))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(await paymentsOf(user.id)).toHaveLength(1)
    // Going Premium earns its points once per subscription (SPEC §9: 100), whatever the race.
    const ledger = await sql<{ points: number; description: string }>(
      "select points::int as points, description from point_activities where user_id = $1 and activity_type = 'premium_subscription'",
      [user.id],
    )
    expect(ledger).toEqual([{ points: 100, description: 'Subscribed to premium' }])
  })

  it.each(['APPROVAL_PENDING', 'CANCELLED', 'SUSPENDED'] as const)("body status 'active' for a subscription PayPal reports as %s is refused", async (status) => {
    const { client, user, subscription } = await memberWithSubscription({ status })
    const res = await activate(client, subscription)
    expect(res.status).toBe(400)
    expect(res.body.error).toMatch(/not active/)
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: false, paypal_subscription_id: null })
    expect(await paymentsOf(user.id)).toEqual([])
  })

  it('a subscription started by another member (custom_id) is 403', async () => {
    const other = await registerMember(baseUrl)
    const { client, user } = await registerMember(baseUrl)
    const subscription = await paypal.createSubscription({ custom_id: String(other.user.id) })
    const res = await activate(client, subscription)
    expect(res.status).toBe(403)
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: false, paypal_subscription_id: null })
    expect(await storedPremium(other.user.id)).toMatchObject({ is_premium: false, paypal_subscription_id: null })
  })

  it('a subscription already linked to another account is 409', async () => {
    const first = await memberWithSubscription()
    expect((await activate(first.client, first.subscription)).status).toBe(200)
    const second = await registerMember(baseUrl)
    await paypal.setSubscription(first.subscription.id, { custom_id: String(second.user.id) })
    const res = await activate(second.client, first.subscription)
    expect(res.status).toBe(409)
    expect(await storedPremium(second.user.id)).toMatchObject({ is_premium: false, paypal_subscription_id: null })
    expect(await paymentsOf(second.user.id)).toEqual([])
  })

  it('another plan, or a subscription PayPal does not know, is 400', async () => {
    const wrongPlan = await memberWithSubscription({ plan_id: 'P-SOMEONEELSE' })
    expect((await activate(wrongPlan.client, wrongPlan.subscription)).status).toBe(400)
    const { client, user } = await registerMember(baseUrl)
    const unknown = await activate(client, { id: 'I-NOSUCHSUB0001', subscriber: { payer_id: 'PAYER1' } })
    expect(unknown.status).toBe(400)
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: false })
  })

  it('PayPal unreachable: 502 with a clear message, nothing changed', async () => {
    const { client, user, subscription } = await memberWithSubscription()
    await paypal.setDown(true)
    try {
      const res = await activate(client, subscription)
      expect(res.status).toBe(502)
      expect(res.body.error).toMatch(/PayPal could not be reached/)
    } finally {
      await paypal.setDown(false)
    }
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: false, paypal_subscription_id: null })
    expect(await paymentsOf(user.id)).toEqual([])
  })

  it('bad bodies are 400, visitors 401, another site 403', async () => {
    const { client, subscription } = await memberWithSubscription()
    for (const body of [{}, { subscriptionId: subscription.id, payerId: 'X', status: 'cancelled' }, { subscriptionId: '../../v1/x', payerId: 'X', status: 'active' }]) {
      expect((await client.post('/api/user/premium-subscription', body)).status).toBe(400)
    }
    expect((await activate(new ApiClient(baseUrl), subscription)).status).toBe(401)
    const crossSite = await client.request('POST', '/api/user/premium-subscription', { subscriptionId: subscription.id, payerId: 'X', status: 'active' }, { origin: 'https://evil.example' })
    expect(crossSite.status).toBe(403)
  })
})

describe('one subscription per member', () => {
  const started = (client: ApiClient, subscriptionId: string) => client.post('/api/user/premium-subscription/started', { subscriptionId })

  it('a second subscription while the first renews: 409 before payment, or 409 and cancelled at PayPal after; Cancel stops the one that bills', async () => {
    const { client, user, subscription: first } = await premiumMember()
    // The button records what it creates before the buyer pays: refused, so PayPal takes no payment.
    const unpaid = await paypal.createSubscription({ custom_id: String(user.id), status: 'APPROVAL_PENDING' })
    const refused = await started(client, unpaid.id)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toMatch(/already have a Premium subscription that renews/)

    // One approved anyway (a second tab, a direct call): refused and stopped at PayPal.
    const second = await paypal.createSubscription({ custom_id: String(user.id) })
    const res = await activate(client, second)
    expect(res.status).toBe(409)
    expect(res.body.error).toMatch(/already have a Premium subscription that renews/)
    expect((await paypal.getSubscription(second.id)).status).toBe('CANCELLED')
    expect((await paypal.getSubscription(first.id)).status).toBe('ACTIVE')
    expect(await storedPremium(user.id)).toMatchObject({ paypal_subscription_id: first.id, premium_renews: true, paypal_subscription_status: 'ACTIVE' })
    expect((await paymentsOf(user.id)).map((p) => p.paypal_subscription_id)).toEqual([first.id])

    expect((await client.post('/api/user/premium-subscription/cancel')).status).toBe(200)
    expect((await paypal.getSubscription(first.id)).status).toBe('CANCELLED')
  })

  it("PayPal's webhook for a second subscription while the first renews cancels the second at PayPal", async () => {
    const { user, subscription: first } = await premiumMember()
    const second = await paypal.createSubscription({ custom_id: String(user.id) })
    const delivered = await paypal.sendWebhook('BILLING.SUBSCRIPTION.ACTIVATED', second)
    expect(delivered.status).toBe(200)
    expect((await paypal.getSubscription(second.id)).status).toBe('CANCELLED')
    expect((await paypal.getSubscription(first.id)).status).toBe('ACTIVE')
    expect(await storedPremium(user.id)).toMatchObject({ paypal_subscription_id: first.id, premium_renews: true })
  })

  it('a row that says "renews" is checked with PayPal: one PayPal stopped does not block a new one, and one still able to bill is cancelled when replaced', async () => {
    const cancelledAtPaypal = await premiumMember()
    await paypal.setSubscription(cancelledAtPaypal.subscription.id, { status: 'CANCELLED' })
    const next = await paypal.createSubscription({ custom_id: String(cancelledAtPaypal.user.id) })
    expect((await activate(cancelledAtPaypal.client, next)).status).toBe(200)
    expect(await storedPremium(cancelledAtPaypal.user.id)).toMatchObject({ paypal_subscription_id: next.id, premium_renews: true })

    // Suspended (PayPal could re-activate it): the newer one is linked and the older cancelled, so only one can bill.
    const suspended = await premiumMember()
    await paypal.setSubscription(suspended.subscription.id, { status: 'SUSPENDED' })
    const replacement = await paypal.createSubscription({ custom_id: String(suspended.user.id) })
    expect((await activate(suspended.client, replacement)).status).toBe(200)
    expect(await storedPremium(suspended.user.id)).toMatchObject({ paypal_subscription_id: replacement.id, premium_renews: true })
    expect((await paypal.getSubscription(suspended.subscription.id)).status).toBe('CANCELLED')
  })

  it('a failed confirmation after approval: /subscribe offers no second payment, and applies the one PayPal took', async () => {
    const { client, user } = await registerMember(baseUrl)
    expect((await client.post('/api/auth/verify-age', { dateOfBirth: isoDateYearsAgo(25) })).status).toBe(200)
    const subscription = await paypal.createSubscription({ custom_id: String(user.id), status: 'APPROVAL_PENDING' })
    expect((await started(client, subscription.id)).status).toBe(200)
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: false, paypal_subscription_id: subscription.id, paypal_subscription_status: 'APPROVAL_PENDING' })
    // Not approved yet: the button is offered (a new attempt).
    const before = await client.request('GET', '/subscribe')
    expect(before.status).toBe(200)
    expect(before.body).toContain('data-testid="paypal-buttons"')

    await paypal.approveSubscription(subscription.id)
    await paypal.setDown(true)
    try {
      expect((await activate(client, subscription)).status).toBe(502)
      // PayPal cannot be asked: no button, a message instead.
      const unsure = await client.request('GET', '/subscribe')
      expect(unsure.status).toBe(200)
      expect(unsure.body).toContain('data-testid="subscription-check"')
      expect(unsure.body).not.toContain('data-testid="paypal-buttons"')
    } finally {
      await paypal.setDown(false)
    }
    const reload = await client.request('GET', '/subscribe')
    expect(reload.status).toBe(302)
    expect(reload.headers.get('location')).toBe('/premium')
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: true, premium_renews: true, paypal_subscription_id: subscription.id, paypal_subscription_status: 'ACTIVE' })
    expect(await paymentsOf(user.id)).toEqual([expect.objectContaining({ kind: 'activation', paypal_subscription_id: subscription.id })])
  })

  it("the started record takes only the member's own subscription of our plan", async () => {
    const other = await registerMember(baseUrl)
    const { client, user } = await registerMember(baseUrl)
    const foreign = await paypal.createSubscription({ custom_id: String(other.user.id), status: 'APPROVAL_PENDING' })
    expect((await started(client, foreign.id)).status).toBe(403)
    const cancelled = await paypal.createSubscription({ custom_id: String(user.id), status: 'CANCELLED' })
    expect((await started(client, cancelled.id)).status).toBe(400)
    expect((await started(client, 'nope')).status).toBe(400)
    expect((await started(new ApiClient(baseUrl), foreign.id)).status).toBe(401)
    expect(await storedPremium(user.id)).toMatchObject({ paypal_subscription_id: null })
  })
})

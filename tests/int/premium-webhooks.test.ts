// POST /api/paypal/webhook — verified with PayPal, each event once, PayPal's current state over event order.
import { describe, expect, it } from 'vitest'

import { saleResource } from '../fakes/paypal/types'
import { ApiClient, registerMember } from '../helpers/api-client'
import { baseUrl, paymentsOf, paypal, premiumMember, storedPremium } from './premium-helpers'
import { sql } from './sql'

const DAY = 24 * 60 * 60 * 1000
const eventRows = (eventId: string) => sql<{ event_type: string; outcome: string; user_id: number | null }>('select event_type, outcome, user_id from paypal_webhook_events where event_id = $1', [eventId])

describe('PayPal webhooks', () => {
  it('a forged webhook is 400 and changes nothing; so is one without PayPal headers or not JSON', async () => {
    const { user, subscription } = await premiumMember()
    const before = await storedPremium(user.id)
    await paypal.setSubscription(subscription.id, { status: 'CANCELLED' })
    const forged = await paypal.sendWebhook('BILLING.SUBSCRIPTION.CANCELLED', { id: subscription.id }, { forge: true })
    expect(forged.status).toBe(400)
    expect(forged.body.error).toBeTruthy()
    expect(await eventRows(forged.event.id)).toEqual([])
    const forgedSale = await paypal.sendWebhook('PAYMENT.SALE.COMPLETED', saleResource(subscription.id), { forge: true })
    expect(forgedSale.status).toBe(400)

    const visitor = new ApiClient(baseUrl)
    const bare = await visitor.request('POST', '/api/paypal/webhook', forged.event, { origin: '' })
    expect(bare.status).toBe(400)
    expect((await visitor.request('POST', '/api/paypal/webhook', 'not json')).status).toBe(400)

    const after = await storedPremium(user.id)
    expect(after).toEqual(before)
    expect(await paymentsOf(user.id)).toHaveLength(1)
    await paypal.setSubscription(subscription.id, { status: 'ACTIVE' })
  })

  it('the same event three times (PayPal retries, a replayed capture) changes things once: one payment row', async () => {
    const { user, subscription } = await premiumMember()
    await paypal.setSubscription(subscription.id, { billing_info: { next_billing_time: new Date(Date.now() + 60 * DAY).toISOString() } })
    const first = await paypal.sendWebhook('PAYMENT.SALE.COMPLETED', saleResource(subscription.id, { id: 'SALEFIRST0001' }))
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ received: true })
    const second = await paypal.sendWebhook('PAYMENT.SALE.COMPLETED', saleResource(subscription.id, { id: 'SALEONCE00001' }))
    expect(second.status).toBe(200)
    const stored = await storedPremium(user.id)
    for (let i = 0; i < 3; i++) {
      const again = await paypal.resendWebhook(second.event.id)
      expect(again.status).toBe(200)
      expect(again.body).toEqual({ received: true })
    }
    // The same event id in a new delivery is the same event.
    expect((await paypal.sendWebhook('PAYMENT.SALE.COMPLETED', saleResource(subscription.id, { id: 'SALEOTHER0001' }), { eventId: second.event.id })).status).toBe(200)
    expect(await eventRows(second.event.id)).toHaveLength(1)
    const payments = await paymentsOf(user.id)
    expect(payments.map((p) => [p.kind, p.paypal_sale_id])).toEqual([
      ['activation', 'SALEFIRST0001'],
      ['renewal', 'SALEONCE00001'],
    ])
    expect((await storedPremium(user.id)).updated_at.getTime()).toBe(stored.updated_at.getTime())
  })

  it('PAYMENT.SALE.COMPLETED extends Premium to the next billing time and records the amount in cents', async () => {
    const { user, subscription } = await premiumMember()
    const before = (await storedPremium(user.id)).premium_expires_at!
    const next = new Date(Date.now() + 61 * DAY)
    await paypal.setSubscription(subscription.id, { billing_info: { next_billing_time: next.toISOString(), last_payment: { amount: { currency_code: 'USD', value: '4.99' }, time: new Date().toISOString() } } })
    // The first sale completes the activation's row; the next one is a renewal.
    await paypal.sendWebhook('PAYMENT.SALE.COMPLETED', saleResource(subscription.id))
    const renewal = await paypal.sendWebhook('PAYMENT.SALE.COMPLETED', saleResource(subscription.id, { total: '5.01', currency: 'USD' }))
    expect(renewal.status).toBe(200)
    const after = await storedPremium(user.id)
    expect(after.premium_expires_at!.getTime()).toBe(next.getTime() + 3 * DAY)
    expect(after.premium_expires_at!.getTime()).toBeGreaterThan(before.getTime())
    const payments = await paymentsOf(user.id)
    expect(payments.map((p) => [p.kind, p.amount_cents, p.currency])).toEqual([
      ['activation', '499', 'USD'],
      ['renewal', '501', 'USD'],
    ])
    expect(await eventRows(renewal.event.id)).toEqual([{ event_type: 'PAYMENT.SALE.COMPLETED', outcome: 'applied', user_id: user.id }])
  })

  it("events are applied by PayPal's current state, not their order", async () => {
    const { user, subscription } = await premiumMember()
    // A late CANCELLED for a subscription PayPal says is ACTIVE (re-activated since): still renews.
    await paypal.sendWebhook('BILLING.SUBSCRIPTION.CANCELLED', { ...subscription, status: 'CANCELLED' })
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: true, premium_renews: true })
    // Cancelled at PayPal, then a late ACTIVATED arrives: renewal is off, the paid period stays.
    await paypal.setSubscription(subscription.id, { status: 'CANCELLED' })
    await paypal.sendWebhook('BILLING.SUBSCRIPTION.ACTIVATED', { ...subscription, status: 'ACTIVE' })
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: true, premium_renews: false, paypal_subscription_status: 'CANCELLED' })
    // Expired at PayPal: Premium and its badge end.
    await paypal.setSubscription(subscription.id, { status: 'EXPIRED' })
    await paypal.sendWebhook('BILLING.SUBSCRIPTION.EXPIRED', { ...subscription, status: 'EXPIRED' })
    const expired = await storedPremium(user.id)
    expect(expired).toMatchObject({ is_premium: false, premium_renews: false })
    expect(expired.badges).not.toContain('premium')
  })

  it('SUSPENDED and PAYMENT.FAILED stop renewal but keep the paid period', async () => {
    const { user, subscription } = await premiumMember()
    const until = (await storedPremium(user.id)).premium_expires_at
    await paypal.setSubscription(subscription.id, { billing_info: { failed_payments_count: 1 } })
    expect((await paypal.sendWebhook('BILLING.SUBSCRIPTION.PAYMENT.FAILED', subscription)).status).toBe(200)
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: true, premium_renews: true })
    await paypal.setSubscription(subscription.id, { status: 'SUSPENDED' })
    await paypal.sendWebhook('BILLING.SUBSCRIPTION.SUSPENDED', { ...subscription, status: 'SUSPENDED' })
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: true, premium_renews: false, premium_expires_at: until, paypal_subscription_status: 'SUSPENDED' })
    await paypal.setSubscription(subscription.id, { status: 'ACTIVE' })
    await paypal.sendWebhook('BILLING.SUBSCRIPTION.RE-ACTIVATED', subscription)
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: true, premium_renews: true })
  })

  it("ACTIVATED completes a member's activation that never reached the site; another plan's events are ignored", async () => {
    const { user } = await registerMember(baseUrl)
    const subscription = await paypal.createSubscription({ custom_id: String(user.id) })
    const res = await paypal.sendWebhook('BILLING.SUBSCRIPTION.ACTIVATED', subscription)
    expect(res.status).toBe(200)
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: true, paypal_subscription_id: subscription.id })

    const other = await registerMember(baseUrl)
    const foreign = await paypal.createSubscription({ custom_id: String(other.user.id), plan_id: 'P-SOMEONEELSE' })
    const ignored = await paypal.sendWebhook('BILLING.SUBSCRIPTION.ACTIVATED', foreign)
    expect(ignored.status).toBe(200)
    expect(await eventRows(ignored.event.id)).toEqual([expect.objectContaining({ outcome: 'ignored' })])
    expect(await storedPremium(other.user.id)).toMatchObject({ is_premium: false })
  })

  it('PayPal unreachable while verifying: 502 (PayPal retries later), nothing recorded', async () => {
    const { subscription } = await premiumMember()
    await paypal.setDown(true)
    let eventId: string | undefined
    try {
      const res = await paypal.sendWebhook('PAYMENT.SALE.COMPLETED', saleResource(subscription.id))
      eventId = res.event.id
      expect(res.status).toBe(502)
    } finally {
      await paypal.setDown(false)
    }
    expect(await eventRows(eventId!)).toEqual([])
    expect((await paypal.resendWebhook(eventId!)).status).toBe(200)
    expect(await eventRows(eventId!)).toHaveLength(1)
  })
})

// Cancelling keeps Premium to the period's end; expiry ends it at the next visit; nobody
// but the site (and admins, for complimentary Premium) writes Premium; no PayPal config → 503.
import { describe, expect, inject, it } from 'vitest'

import { ApiClient, registerMember } from '../helpers/api-client'
import { startTestServer } from '../helpers/test-server'
import { baseUrl, paymentsOf, paypal, premiumMember, signedInAdmin, storedPremium } from './premium-helpers'
import { sql } from './sql'

const GRACE_MS = 3 * 24 * 60 * 60 * 1000

const me = async (client: ApiClient) => {
  const body = (await client.get('/api/auth/me')).body
  return body.user ?? body
}

describe('cancelling', () => {
  it('cancels at PayPal; Premium stays until the end of the paid period and no longer renews', async () => {
    const { client, user, subscription } = await premiumMember()
    // The paid period ends at PayPal's next billing time; the grace past it was for that charge.
    const until = new Date(subscription.billing_info.next_billing_time!)
    expect((await storedPremium(user.id)).premium_expires_at!.getTime()).toBe(until.getTime() + GRACE_MS)
    const res = await client.post('/api/user/premium-subscription/cancel')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: expect.any(String), premiumUntil: until.toISOString() })
    expect((await paypal.getSubscription(subscription.id)).status).toBe('CANCELLED')
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: true, premium_renews: false, paypal_subscription_status: 'CANCELLED', premium_expires_at: until })
    expect(await me(client)).toMatchObject({ isPremium: true })
    // A second cancel (already cancelled at PayPal) answers the same.
    expect((await client.post('/api/user/premium-subscription/cancel')).body).toMatchObject({ success: true, premiumUntil: until.toISOString() })
  })

  it('404 without a PayPal subscription, 401 for visitors, 502 when PayPal is down (nothing changed)', async () => {
    const { client } = await registerMember(baseUrl)
    const none = await client.post('/api/user/premium-subscription/cancel')
    expect(none.status).toBe(404)
    expect(none.body.error).toBeTruthy()
    expect((await new ApiClient(baseUrl).post('/api/user/premium-subscription/cancel')).status).toBe(401)

    const member = await premiumMember()
    await paypal.setDown(true)
    try {
      expect((await member.client.post('/api/user/premium-subscription/cancel')).status).toBe(502)
    } finally {
      await paypal.setDown(false)
    }
    expect(await storedPremium(member.user.id)).toMatchObject({ premium_renews: true })
    expect((await paypal.getSubscription(member.subscription.id)).status).toBe('ACTIVE')
  })
})

describe("/premium's renewal date and the cancel dialog's end date", () => {
  const renewalText = (html: string) => /Renews on ([^<]+)</.exec(html)?.[1]
  const untilText = (html: string) => /Premium until ([^<]+)</.exec(html)?.[1]
  const dialogEnd = (html: string) => /paidUntil&quot;:\[0,&quot;([^&]+)&quot;\]/.exec(html)?.[1]

  it('are one date: the renewal date, which is also where Premium ends once cancelled', async () => {
    const { client, subscription } = await premiumMember()
    const before = (await client.request('GET', '/premium')).body as string
    const renewal = renewalText(before)
    const end = dialogEnd(before)
    expect(renewal).toBeTruthy()
    expect(end).toBe(new Date(subscription.billing_info.next_billing_time!).toISOString())

    const cancelled = await client.post('/api/user/premium-subscription/cancel')
    expect(cancelled.body.premiumUntil).toBe(end)
    // The page then shows the end of Premium (premiumUntil, now the dialog's date) as the same day it showed as the renewal.
    const after = (await client.request('GET', '/premium')).body as string
    expect(untilText(after)).toBe(renewal)
  })
})

describe('expiry', () => {
  it('past premiumExpiresAt the session shows no Premium, and the stored row loses Premium and the badge', async () => {
    const { client, user } = await premiumMember()
    await sql(`update users set premium_expires_at = now() - interval '1 minute' where id = $1`, [user.id])
    const session = await me(client)
    expect(session.isPremium).toBe(false)
    expect(session.badges).not.toContain('premium')
    const stored = await storedPremium(user.id)
    expect(stored).toMatchObject({ is_premium: false, premium_renews: false })
    expect(stored.badges).not.toContain('premium')
  })
})

describe('only the site writes Premium', () => {
  const forged = { isPremium: true, premiumExpiresAt: '2099-01-01T00:00:00.000Z', premiumSource: 'complimentary', premiumRenews: true, paypalSubscriptionId: 'I-FORGED00001', paypalCustomerId: 'FORGED', paypalSubscriptionStatus: 'ACTIVE', badges: ['premium'] }

  it('not through PUT /api/profile, Payload REST or GraphQL', async () => {
    const { client, user } = await registerMember(baseUrl)
    const before = await storedPremium(user.id)
    const profile = await client.request('PUT', '/api/profile', { bio: 'hello', ...forged })
    expect(profile.status).toBeLessThan(500)
    expect((await client.patch(`/cms/api/users/${user.id}`, forged)).status).toBe(403)
    const graphql = await client.post('/cms/api/graphql', { query: `mutation { updateUser(id: ${user.id}, data: { isPremium: true }) { id } }` })
    expect(graphql.status).not.toBe(200)
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: false, premium_expires_at: null, premium_source: null, paypal_subscription_id: null, paypal_customer_id: null, badges: before.badges })
    expect(await me(client)).toMatchObject({ isPremium: false })
  })

  it('payments and webhook events: admins read them in /cms; nobody writes them over REST', async () => {
    const { client, user } = await premiumMember()
    expect((await client.get('/cms/api/payments')).status).toBe(403)
    expect((await client.post('/cms/api/payments', { reference: 'x', user: user.id, kind: 'renewal', amountCents: 1, currency: 'USD', paypalSubscriptionId: 'I-X' })).status).toBe(403)
    const admin = await signedInAdmin()
    const list = await admin.get(`/cms/api/payments?where[user][equals]=${user.id}`)
    expect(list.status).toBe(200)
    expect(list.body.docs).toHaveLength(1)
    expect(list.body.docs[0]).toMatchObject({ amountCents: 499, currency: 'USD', kind: 'activation' })
    expect((await admin.get('/cms/api/paypal-webhook-events')).status).toBe(200)
    expect((await admin.post('/cms/api/payments', { reference: 'x', user: user.id, kind: 'renewal', amountCents: 1, currency: 'USD', paypalSubscriptionId: 'I-X' })).status).toBe(403)
    expect((await admin.patch(`/cms/api/payments/${list.body.docs[0].id}`, { amountCents: 1 })).status).toBe(403)
    expect((await admin.request('DELETE', `/cms/api/payments/${list.body.docs[0].id}`)).status).toBe(403)
    expect((await admin.post('/cms/api/paypal-webhook-events', { eventId: 'WH-X', eventType: 'X', receivedAt: new Date().toISOString(), outcome: 'applied' })).status).toBe(403)
    expect(await paymentsOf(user.id)).toHaveLength(1)
  })

  it('admins grant complimentary Premium with an end date in /cms; the badge follows', async () => {
    const { client, user } = await registerMember(baseUrl)
    const admin = await signedInAdmin()
    const noEnd = await admin.patch(`/cms/api/users/${user.id}`, { isPremium: true, premiumSource: 'complimentary' })
    expect(noEnd.status).toBe(400)
    const until = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString()
    const granted = await admin.patch(`/cms/api/users/${user.id}`, { isPremium: true, premiumSource: 'complimentary', premiumExpiresAt: until })
    expect(granted.status).toBe(200)
    const session = await me(client)
    expect(session.isPremium).toBe(true)
    expect(session.badges).toContain('premium')
    expect(await storedPremium(user.id)).toMatchObject({ is_premium: true, premium_source: 'complimentary', paypal_subscription_id: null })
    const ended = await admin.patch(`/cms/api/users/${user.id}`, { isPremium: false })
    expect(ended.status).toBe(200)
    expect((await storedPremium(user.id)).badges).not.toContain('premium')
  })
})

describe('without PayPal configured', () => {
  it('the site starts; GET /api/paypal/client-id is 503 and the member endpoints say so', async () => {
    const server = await startTestServer('premium-unconfigured', inject('databaseUrl'), { TRUST_PROXY: 'true' })
    try {
      const res = await new ApiClient(server.url).get('/api/paypal/client-id')
      expect(res.status).toBe(503)
      expect(res.body).toEqual({ error: 'PayPal is not configured.' })
      const { client } = await registerMember(server.url)
      const activate = await client.post('/api/user/premium-subscription', { subscriptionId: 'I-ABCDEFGH1234', payerId: 'PAYER1', status: 'active' })
      expect(activate.status).toBe(503)
    } finally {
      await server.stop()
    }
  }, 240_000)
})

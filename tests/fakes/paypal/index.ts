import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { crc32 } from 'node:zlib'

import { sdkScript } from './sdk'
import type { FakeSubscription, SendWebhookOptions, WebhookDelivery } from './types'

export type { FakeSubscription, SendWebhookOptions, WebhookDelivery } from './types'
export { saleResource } from './types'

/**
 * A fake PayPal on loopback speaking the REST paths and JSON shapes the site uses (OAuth2 token,
 * billing subscriptions get/create/cancel, verify-webhook-signature) plus the JS SDK at /sdk/js.
 * Webhooks it sends are signed (an HMAC stands in for PayPal's certificate), and its verify call
 * accepts only those: a forged delivery fails as it would at PayPal. Tests steer it through
 * /__fake/… (tests/fakes/paypal/control.ts) or the functions returned here.
 */
export async function startFakePaypal({ webhookTarget }: { webhookTarget?: string } = {}) {
  const clientId = `fake-client-${randomBytes(4).toString('hex')}`
  const clientSecret = randomBytes(16).toString('hex')
  const planId = 'P-FAKEPREMIUM499'
  const webhookId = `WH-FAKE-${randomBytes(4).toString('hex').toUpperCase()}`
  const signingKey = randomBytes(32)
  const subscriptions = new Map<string, FakeSubscription>()
  const deliveries = new Map<string, WebhookDelivery>()
  const tokens = new Set<string>()
  const calls = { token: 0, get: 0, cancel: 0, verify: 0 }
  let target = webhookTarget ?? null
  let down = false
  let url = ''

  const now = () => new Date().toISOString()
  const id = (prefix: string, length = 13) => prefix + randomBytes(16).toString('hex').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, length)
  const monthFrom = (date: Date) => new Date(date.getTime() + 30 * 24 * 60 * 60 * 1000).toISOString()

  function createSubscription(input: Partial<FakeSubscription> & { custom_id: string }): FakeSubscription {
    const status = input.status ?? 'ACTIVE'
    const subscription: FakeSubscription = {
      id: input.id ?? id('I-', 12),
      plan_id: input.plan_id ?? planId,
      custom_id: input.custom_id,
      status,
      start_time: now(),
      create_time: now(),
      update_time: now(),
      status_update_time: now(),
      quantity: '1',
      subscriber: { payer_id: input.subscriber?.payer_id ?? id('', 13), email_address: 'buyer@example.com', name: { given_name: 'Test', surname: 'Buyer' } },
      billing_info:
        status === 'ACTIVE'
          ? {
              outstanding_balance: { currency_code: 'USD', value: '0.00' },
              last_payment: { amount: { currency_code: 'USD', value: '4.99' }, time: now() },
              next_billing_time: monthFrom(new Date()),
              failed_payments_count: 0,
              ...input.billing_info,
            }
          : { outstanding_balance: { currency_code: 'USD', value: '0.00' }, failed_payments_count: 0, ...input.billing_info },
      plan_overridden: false,
      links: [],
    }
    subscriptions.set(subscription.id, subscription)
    return subscription
  }

  function setSubscription(subscriptionId: string, patch: Partial<FakeSubscription>): FakeSubscription {
    const current = subscriptions.get(subscriptionId)
    if (!current) throw new Error(`fake PayPal: no subscription ${subscriptionId}`)
    const next: FakeSubscription = {
      ...current,
      ...patch,
      subscriber: { ...current.subscriber, ...patch.subscriber },
      billing_info: { ...current.billing_info, ...patch.billing_info },
      update_time: now(),
      ...(patch.status && patch.status !== current.status ? { status_update_time: now() } : {}),
    }
    subscriptions.set(subscriptionId, next)
    return next
  }

  const signature = (transmissionId: string, time: string, forWebhookId: string, body: string) =>
    createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${forWebhookId}|${crc32(body)}`).digest('base64')

  async function deliver(delivery: WebhookDelivery) {
    if (!target) throw new Error('fake PayPal: no webhook target (setWebhookTarget)')
    const res = await fetch(target, { method: 'POST', headers: delivery.headers, body: delivery.body })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      /* keep the text */
    }
    return { status: res.status, body, event: JSON.parse(delivery.body) as Record<string, unknown> }
  }

  /** Posts a signed event (or, with forge, one signed with the wrong key) to the webhook target. */
  async function sendWebhook(eventType: string, resource: Record<string, unknown>, options: SendWebhookOptions = {}) {
    const event = {
      id: options.eventId ?? id('WH-', 17),
      event_version: '1.0',
      create_time: options.createTime ?? now(),
      resource_type: eventType.startsWith('PAYMENT.SALE.') ? 'sale' : 'subscription',
      resource_version: eventType.startsWith('PAYMENT.SALE.') ? '1.0' : '2.0',
      event_type: eventType,
      summary: `Fake ${eventType}`,
      resource,
      links: [],
    }
    const body = JSON.stringify(event)
    const transmissionId = randomBytes(16).toString('hex')
    const time = now()
    const sig = options.forge ? createHmac('sha256', randomBytes(32)).update(body).digest('base64') : signature(transmissionId, time, webhookId, body)
    const delivery: WebhookDelivery = {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': sig,
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${url}/v1/notifications/certs/CERT-fake`,
        'user-agent': 'PayPal/AUHD-214.0-58494143',
      },
    }
    deliveries.set(event.id, delivery)
    return deliver(delivery)
  }

  /** Delivers an event again exactly as before (PayPal's retries, or a captured request replayed). */
  async function resendWebhook(eventId: string) {
    const delivery = deliveries.get(eventId)
    if (!delivery) throw new Error(`fake PayPal: no delivery of ${eventId}`)
    return deliver(delivery)
  }

  function verify(body: Record<string, unknown>): boolean {
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '')
    if (text('webhook_id') !== webhookId || text('auth_algo') !== 'SHA256withRSA' || !text('cert_url').startsWith(`${url}/v1/notifications/certs/`)) return false
    const expected = Buffer.from(signature(text('transmission_id'), text('transmission_time'), webhookId, JSON.stringify(body.webhook_event)))
    const given = Buffer.from(text('transmission_sig'))
    return expected.length === given.length && timingSafeEqual(expected, given)
  }

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const query = new URL(req.url ?? '/', 'http://fake').searchParams
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization, paypal-client-id', 'access-control-allow-methods': 'GET, POST, PATCH, OPTIONS' }
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { ...cors, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers })
      res.end(body === undefined ? undefined : JSON.stringify(body))
    }
    if (req.method === 'OPTIONS') return send(204)
    if (down && !path.startsWith('/__fake/')) return void req.socket.destroy()
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    let json: Record<string, unknown>
    try {
      json = raw && !(req.headers['content-type'] ?? '').includes('x-www-form-urlencoded') ? (JSON.parse(raw) as Record<string, unknown>) : {}
    } catch {
      return send(400, { name: 'MALFORMED_REQUEST_JSON', message: 'Malformed JSON' })
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '')
    const authorised = tokens.has(bearer)
    const unauthorised = () => send(401, { error: 'invalid_token', error_description: 'Token signature verification failed' })
    const notFound = () => send(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.', details: [{ issue: 'INVALID_RESOURCE_ID' }] })

    try {
      // PayPal's REST API
      if (req.method === 'POST' && path === '/v1/oauth2/token') {
        const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':')
        if (user !== clientId || pass !== clientSecret || !raw.includes('grant_type=client_credentials')) return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' })
        calls.token++
        const token = `A21AA${randomBytes(24).toString('hex')}`
        tokens.add(token)
        return send(200, { scope: 'https://uri.paypal.com/services/subscriptions', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: now() })
      }
      const subscriptionPath = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path)
      if (req.method === 'GET' && subscriptionPath && !subscriptionPath[2]) {
        if (!authorised) return unauthorised()
        calls.get++
        const subscription = subscriptions.get(decodeURIComponent(subscriptionPath[1]!))
        return subscription ? send(200, subscription) : notFound()
      }
      if (req.method === 'POST' && subscriptionPath?.[2]) {
        if (!authorised) return unauthorised()
        calls.cancel++
        const subscription = subscriptions.get(decodeURIComponent(subscriptionPath[1]!))
        if (!subscription) return notFound()
        if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED') {
          return send(422, { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed.', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] })
        }
        setSubscription(subscription.id, { status: 'CANCELLED', billing_info: { ...subscription.billing_info, next_billing_time: undefined } })
        return send(204)
      }
      if (req.method === 'POST' && path === '/v1/billing/subscriptions') {
        if (!authorised && req.headers['paypal-client-id'] !== clientId) return unauthorised()
        if (json.plan_id !== planId) return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INVALID_PLAN' }] })
        const created = createSubscription({ custom_id: String(json.custom_id ?? ''), status: 'APPROVAL_PENDING' })
        return send(201, { id: created.id, status: created.status, create_time: created.create_time, links: [] })
      }
      if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
        if (!authorised) return unauthorised()
        calls.verify++
        return send(200, { verification_status: verify(json) ? 'SUCCESS' : 'FAILURE' })
      }
      if (req.method === 'GET' && path === '/sdk/js') {
        const given = query.get('client-id') ?? ''
        res.writeHead(200, { ...cors, 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' })
        return res.end(sdkScript(url, clientId, given === clientId))
      }

      // Control endpoints for tests
      const control = /^\/__fake\/subscriptions(?:\/([^/]+))?(\/approve)?$/.exec(path)
      if (control && req.method === 'POST' && !control[1]) return send(201, createSubscription(json as Partial<FakeSubscription> & { custom_id: string }))
      if (control?.[1]) {
        const subscriptionId = decodeURIComponent(control[1])
        const current = subscriptions.get(subscriptionId)
        if (!current) return notFound()
        if (req.method === 'GET') return send(200, current)
        if (req.method === 'PATCH') return send(200, setSubscription(subscriptionId, json as Partial<FakeSubscription>))
        if (req.method === 'POST' && control[2]) {
          // The buyer approved in PayPal's window: the first payment is taken and the subscription starts.
          return send(200, setSubscription(subscriptionId, {
            status: 'ACTIVE',
            billing_info: { last_payment: { amount: { currency_code: 'USD', value: '4.99' }, time: now() }, next_billing_time: monthFrom(new Date()), failed_payments_count: 0 },
          }))
        }
      }
      if (req.method === 'POST' && path === '/__fake/webhooks') {
        const options = (json.options ?? {}) as SendWebhookOptions
        return send(200, await sendWebhook(String(json.eventType), json.resource as Record<string, unknown>, options))
      }
      if (req.method === 'POST' && path === '/__fake/webhooks/resend') return send(200, await resendWebhook(String(json.eventId)))
      if (req.method === 'POST' && path === '/__fake/outage') {
        down = Boolean(json.down)
        return send(200, { down })
      }
      if (req.method === 'POST' && path === '/__fake/webhook-target') {
        target = String(json.url)
        return send(200, { url: target })
      }
      if (req.method === 'GET' && path === '/__fake/calls') return send(200, calls)
      return notFound()
    } catch (error) {
      return send(500, { name: 'INTERNAL_SERVER_ERROR', message: error instanceof Error ? error.message : String(error) })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    sdkUrl: `${url}/sdk/js`,
    clientId,
    clientSecret,
    planId,
    webhookId,
    env: {
      PAYPAL_CLIENT_ID: clientId,
      PAYPAL_CLIENT_SECRET: clientSecret,
      PAYPAL_PLAN_ID: planId,
      PAYPAL_WEBHOOK_ID: webhookId,
      PAYPAL_ENV: 'sandbox',
      PAYPAL_API_BASE: url,
      PAYPAL_SDK_BASE: `${url}/sdk/js`,
      PAYPAL_ALLOW_TEST_BASE: '1',
    } as Record<string, string>,
    calls,
    createSubscription,
    setSubscription,
    getSubscription: (subscriptionId: string) => subscriptions.get(subscriptionId) ?? null,
    sendWebhook,
    resendWebhook,
    setWebhookTarget: (next: string) => void (target = next),
    setDown: (next: boolean) => void (down = next),
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>

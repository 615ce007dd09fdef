import { beforeEach, describe, expect, it } from 'vitest'

import { forgetPaypalTokens, PaypalClient, toCents } from './client'
import type { PaypalConfig } from './config'
import { PaypalUnavailableError } from './errors'

const config: PaypalConfig = { clientId: 'cid', clientSecret: 'sec', planId: 'P-1', webhookId: 'WH-1', env: 'sandbox', apiBase: 'https://api.test', sdkBase: 'https://sdk.test' }

type Call = { url: string; method: string; headers: Record<string, string>; body?: string }

/** A scripted PayPal: one answer per path (status, body), every call recorded. */
function scripted(answers: Record<string, Array<[number, unknown]> | [number, unknown]>) {
  const calls: Call[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    const path = url.replace(config.apiBase, '')
    calls.push({ url: path, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body as string | undefined })
    const entry = answers[path]
    if (!entry) throw new TypeError('fetch failed')
    const answer = (Array.isArray(entry[0]) ? (entry as Array<[number, unknown]>).shift() : entry) as [number, unknown]
    return new Response(answer[1] === undefined ? null : JSON.stringify(answer[1]), { status: answer[0] })
  }) as unknown as typeof globalThis.fetch
  return { fetch, calls }
}

const token: [number, unknown] = [200, { access_token: 'T1', expires_in: 3600 }]

describe('PaypalClient', () => {
  beforeEach(() => forgetPaypalTokens())

  it('gets a client-credentials token once and reuses it until it expires', async () => {
    let now = 1_000_000
    const paypal = scripted({ '/v1/oauth2/token': [token, [200, { access_token: 'T2', expires_in: 3600 }]], '/v1/billing/subscriptions/I-1': [200, { id: 'I-1', status: 'ACTIVE' }] })
    const client = new PaypalClient(config, { fetch: paypal.fetch, now: () => now })
    await client.getSubscription('I-1')
    await client.getSubscription('I-1')
    const tokenCalls = paypal.calls.filter((c) => c.url === '/v1/oauth2/token')
    expect(tokenCalls).toHaveLength(1)
    expect(tokenCalls[0]!.headers.authorization).toBe(`Basic ${Buffer.from('cid:sec').toString('base64')}`)
    expect(tokenCalls[0]!.body).toBe('grant_type=client_credentials')
    expect(paypal.calls.at(-1)!.headers.authorization).toBe('Bearer T1')
    now += 3600 * 1000
    await client.getSubscription('I-1')
    expect(paypal.calls.filter((c) => c.url === '/v1/oauth2/token')).toHaveLength(2)
    expect(paypal.calls.at(-1)!.headers.authorization).toBe('Bearer T2')
  })

  it('a subscription PayPal does not know is null; ids are escaped into the path', async () => {
    const paypal = scripted({ '/v1/oauth2/token': token, '/v1/billing/subscriptions/I-404': [404, { name: 'RESOURCE_NOT_FOUND' }] })
    const client = new PaypalClient(config, { fetch: paypal.fetch })
    expect(await client.getSubscription('I-404')).toBeNull()
    await expect(client.getSubscription('../x')).rejects.toBeInstanceOf(PaypalUnavailableError)
    expect(paypal.calls.at(-1)!.url).toBe('/v1/billing/subscriptions/..%2Fx')
  })

  it('network failures, timeouts, 5xx and non-JSON replies are PaypalUnavailableError (502)', async () => {
    const down = new PaypalClient(config, { fetch: scripted({}).fetch })
    await expect(down.getSubscription('I-1')).rejects.toMatchObject({ status: 502, name: 'PaypalUnavailableError' })
    const failing = new PaypalClient(config, { fetch: scripted({ '/v1/oauth2/token': token, '/v1/billing/subscriptions/I-1': [503, { name: 'SERVICE_UNAVAILABLE' }] }).fetch })
    await expect(failing.getSubscription('I-1')).rejects.toBeInstanceOf(PaypalUnavailableError)
    const slow = new PaypalClient(config, {
      timeoutMs: 20,
      fetch: ((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as unknown as typeof fetch,
    })
    await expect(slow.getSubscription('I-1')).rejects.toMatchObject({ reason: expect.stringContaining('timed out') })
  })

  it('cancel: true when cancelled, false when PayPal says it was no longer active', async () => {
    const paypal = scripted({ '/v1/oauth2/token': token, '/v1/billing/subscriptions/I-1/cancel': [[204, undefined], [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] }]] })
    const client = new PaypalClient(config, { fetch: paypal.fetch })
    expect(await client.cancelSubscription('I-1', 'why')).toBe(true)
    expect(JSON.parse(paypal.calls.at(-1)!.body!)).toEqual({ reason: 'why' })
    expect(await client.cancelSubscription('I-1', 'why')).toBe(false)
  })

  it('verify-webhook-signature sends the event exactly as received, with our webhook id', async () => {
    const paypal = scripted({ '/v1/oauth2/token': token, '/v1/notifications/verify-webhook-signature': [[200, { verification_status: 'SUCCESS' }], [200, { verification_status: 'FAILURE' }]] })
    const client = new PaypalClient(config, { fetch: paypal.fetch })
    const raw = '{"id":"WH-1","event_type":"X","resource":{"amount":{"total":"4.990"}}}'
    const transmission = { authAlgo: 'SHA256withRSA', certUrl: 'https://api.paypal.com/cert', transmissionId: 't', transmissionSig: 's', transmissionTime: 'time' }
    expect(await client.verifyWebhookSignature(transmission, raw)).toBe(true)
    const body = paypal.calls.at(-1)!.body!
    expect(body.endsWith(`"webhook_event":${raw}}`)).toBe(true)
    expect(JSON.parse(body)).toMatchObject({ auth_algo: 'SHA256withRSA', cert_url: 'https://api.paypal.com/cert', transmission_id: 't', transmission_sig: 's', transmission_time: 'time', webhook_id: 'WH-1' })
    expect(await client.verifyWebhookSignature(transmission, raw)).toBe(false)
  })
})

describe('toCents', () => {
  it('converts PayPal amounts to integer cents without floating point', () => {
    expect(toCents('4.99')).toBe(499)
    expect(toCents('0.1')).toBe(10)
    expect(toCents('10')).toBe(1000)
    expect(toCents('1234567.89')).toBe(123456789)
    expect(() => toCents('-1')).toThrow()
    expect(() => toCents('abc')).toThrow()
  })
})

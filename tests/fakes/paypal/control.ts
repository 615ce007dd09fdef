import type { FakeSubscription, SendWebhookOptions } from './types'

type Delivered = { status: number; body: any; event: Record<string, any> }

/**
 * The fake PayPal that global-setup started, steered over HTTP from test files
 * (process.env.FAKE_PAYPAL_URL): the same operations startFakePaypal returns in-process.
 */
export function fakePaypal(url = process.env.FAKE_PAYPAL_URL) {
  if (!url) throw new Error('FAKE_PAYPAL_URL is not set: the fake PayPal starts in tests/int/global-setup.ts')
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(url + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    if (!res.ok) throw new Error(`fake PayPal ${method} ${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  return {
    url,
    createSubscription: (input: Partial<FakeSubscription> & { custom_id: string }) => call<FakeSubscription>('POST', '/__fake/subscriptions', input),
    setSubscription: (id: string, patch: Partial<FakeSubscription>) => call<FakeSubscription>('PATCH', `/__fake/subscriptions/${encodeURIComponent(id)}`, patch),
    /** The buyer approves in PayPal's window: the first payment is taken and the subscription starts. */
    approveSubscription: (id: string) => call<FakeSubscription>('POST', `/__fake/subscriptions/${encodeURIComponent(id)}/approve`),
    getSubscription: (id: string) => call<FakeSubscription>('GET', `/__fake/subscriptions/${encodeURIComponent(id)}`),
    sendWebhook: (eventType: string, resource: object, options: SendWebhookOptions = {}) => call<Delivered>('POST', '/__fake/webhooks', { eventType, resource, options }),
    resendWebhook: (eventId: string) => call<Delivered>('POST', '/__fake/webhooks/resend', { eventId }),
    setDown: (down: boolean) => call<{ down: boolean }>('POST', '/__fake/outage', { down }),
    calls: () => call<{ token: number; get: number; cancel: number; verify: number }>('GET', '/__fake/calls'),
  }
}

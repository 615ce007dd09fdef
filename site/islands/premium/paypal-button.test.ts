import type { PayPalNamespace } from '@paypal/paypal-js'
import { describe, expect, it, vi } from 'vitest'

import {
  PAYPAL_CONFIG_ERROR,
  PAYPAL_LOAD_ERROR,
  PAYPAL_UNAVAILABLE,
  SUBSCRIPTION_ACCOUNT_UPDATE_FAILED,
  SUBSCRIPTION_APPROVED,
  SUBSCRIPTION_BUTTON_ERROR,
  SUBSCRIPTION_CANCELLED,
  SUBSCRIPTION_ERROR,
  WARNING,
} from '../../../shared/messages'
import { mountSubscriptionButton, type ButtonDeps } from './paypal-button'

const container = {} as HTMLElement
const settings = { planId: 'P-PLAN', sdkBaseUrl: 'https://www.paypal.com/sdk/js', memberId: '42' }

type ButtonOptions = Parameters<NonNullable<PayPalNamespace['Buttons']>>[0] & {}

/** A PayPal namespace whose Buttons() keeps the options it was given and renders as told. */
function paypalWith(render: () => Promise<void> = async () => {}) {
  const seen: { options?: ButtonOptions } = {}
  const paypal = {
    Buttons: (options: ButtonOptions) => {
      seen.options = options
      return { render, isEligible: () => true, close: async () => {}, hasReturned: () => false, resume: () => {}, updateProps: async () => {} }
    },
  } as unknown as PayPalNamespace
  return { paypal, seen }
}

function deps(over: Partial<ButtonDeps> = {}) {
  const toasts: { title: string; description?: string; variant?: string }[] = []
  const timers: { fn: () => void; ms: number }[] = []
  const d: ButtonDeps = {
    clientId: async () => 'client-123',
    loadScript: async () => paypalWith().paypal,
    recordStarted: vi.fn(async () => ({ success: true })),
    activate: vi.fn(async () => ({ success: true, message: 'ok' })),
    toast: (t) => toasts.push(t),
    goToPremium: vi.fn(),
    onActivating: vi.fn(),
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    ...over,
  }
  return { d, toasts, timers }
}

describe('mountSubscriptionButton: each failure says what the spec says (§8)', () => {
  it('no client id (503 or empty) → the configuration error', async () => {
    expect(await mountSubscriptionButton(container, settings, deps({ clientId: async () => null }).d)).toEqual({ ok: false, message: PAYPAL_CONFIG_ERROR })
    expect(await mountSubscriptionButton(container, settings, deps({ clientId: () => Promise.reject(new Error('offline')) }).d)).toEqual({ ok: false, message: PAYPAL_CONFIG_ERROR })
    expect(await mountSubscriptionButton(container, { ...settings, planId: '' }, deps().d)).toEqual({ ok: false, message: PAYPAL_CONFIG_ERROR })
  })

  it('the SDK script fails to load → the load error', async () => {
    const { d } = deps({ loadScript: () => Promise.reject(new Error('script error')) })
    expect(await mountSubscriptionButton(container, settings, d)).toEqual({ ok: false, message: PAYPAL_LOAD_ERROR })
  })

  it('the SDK loads without Buttons → service unavailable', async () => {
    expect(await mountSubscriptionButton(container, settings, deps({ loadScript: async () => null }).d)).toEqual({ ok: false, message: PAYPAL_UNAVAILABLE })
    expect(await mountSubscriptionButton(container, settings, deps({ loadScript: async () => ({}) as PayPalNamespace }).d)).toEqual({ ok: false, message: PAYPAL_UNAVAILABLE })
  })

  it('the button does not render → the button error', async () => {
    const { paypal } = paypalWith(() => Promise.reject(new Error('container gone')))
    expect(await mountSubscriptionButton(container, settings, deps({ loadScript: async () => paypal }).d)).toEqual({ ok: false, message: SUBSCRIPTION_BUTTON_ERROR })
  })
})

describe('mountSubscriptionButton: the subscription it asks PayPal for', () => {
  it('loads the SDK for subscriptions with the server client id, and subscribes this member to our plan', async () => {
    const { paypal, seen } = paypalWith()
    const loadScript = vi.fn(async () => paypal)
    expect(await mountSubscriptionButton(container, settings, deps({ loadScript }).d)).toEqual({ ok: true })
    expect(loadScript).toHaveBeenCalledWith({ clientId: 'client-123', vault: true, intent: 'subscription', sdkBaseUrl: settings.sdkBaseUrl })
    const create = vi.fn(async () => 'I-SUB')
    const recordStarted = vi.fn(async () => ({ success: true }))
    const { d } = deps({ loadScript, recordStarted })
    await mountSubscriptionButton(container, settings, d)
    expect(await seen.options!.createSubscription!({}, { subscription: { create, revise: vi.fn() } })).toBe('I-SUB')
    expect(create).toHaveBeenCalledWith({ plan_id: 'P-PLAN', custom_id: '42' })
    // The site records it before the buyer pays, so a failed confirmation can be found again.
    expect(recordStarted).toHaveBeenCalledWith({ subscriptionId: 'I-SUB' })
  })

  it("the site's refusal (a subscription already renews) stops it before payment, with the site's reason", async () => {
    const { paypal, seen } = paypalWith()
    const refusal = Object.assign(new Error('409: {"error":"You already have a Premium subscription that renews."}'), { status: 409 })
    const { d, toasts } = deps({ loadScript: async () => paypal, recordStarted: vi.fn(() => Promise.reject(refusal)) })
    await mountSubscriptionButton(container, settings, d)
    await expect(seen.options!.createSubscription!({}, { subscription: { create: async () => 'I-SUB', revise: vi.fn() } })).rejects.toBe(refusal)
    seen.options!.onError!({})
    expect(toasts).toEqual([{ title: SUBSCRIPTION_ERROR, description: 'You already have a Premium subscription that renews.', variant: 'destructive' }])
  })

  it('cancel and error in PayPal each toast the spec message', async () => {
    const { paypal, seen } = paypalWith()
    const { d, toasts } = deps({ loadScript: async () => paypal })
    await mountSubscriptionButton(container, settings, d)
    seen.options!.onCancel!({}, { redirect: vi.fn() } as never)
    seen.options!.onError!({})
    expect(toasts.map((t) => [t.title, t.variant ?? 'default'])).toEqual([[SUBSCRIPTION_CANCELLED, 'default'], [SUBSCRIPTION_ERROR, 'destructive']])
  })
})

describe('approval', () => {
  async function approved(over: Partial<ButtonDeps> = {}) {
    const { paypal, seen } = paypalWith()
    const made = deps({ loadScript: async () => paypal, ...over })
    await mountSubscriptionButton(container, settings, made.d)
    await seen.options!.onApprove!({ subscriptionID: 'I-SUB', payerID: 'PAYER', orderID: 'O-1' }, {} as never)
    return made
  }

  it('toasts, records the subscription with status active, and goes to /premium 1.5 s later', async () => {
    const { d, toasts, timers } = await approved()
    expect(toasts[0].title).toBe(SUBSCRIPTION_APPROVED)
    expect(d.activate).toHaveBeenCalledWith({ subscriptionId: 'I-SUB', payerId: 'PAYER', status: 'active' })
    expect(timers.map((t) => t.ms)).toEqual([1500])
    expect(d.goToPremium).not.toHaveBeenCalled()
    timers[0].fn()
    expect(d.goToPremium).toHaveBeenCalledOnce()
  })

  it('paid but refused by our server: the warning, and no redirect', async () => {
    const { d, toasts, timers } = await approved({ activate: vi.fn(() => Promise.reject(new Error('502: PayPal is unreachable'))) })
    expect(toasts.at(-1)).toMatchObject({ title: WARNING, description: SUBSCRIPTION_ACCOUNT_UPDATE_FAILED, variant: 'destructive' })
    expect(timers).toEqual([])
    expect(d.onActivating).toHaveBeenLastCalledWith(false)
  })
})

import { describe, expect, it } from 'vitest'

import { isPaypalUrl, paypalConfig, PaypalConfigError } from './config'

const full = { PAYPAL_CLIENT_ID: 'cid', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_PLAN_ID: 'P-1', PAYPAL_WEBHOOK_ID: 'WH-1' }

describe('paypalConfig', () => {
  it('is null without a client id: the site runs without Premium sales', () => {
    expect(paypalConfig({})).toBeNull()
    expect(paypalConfig({ PAYPAL_CLIENT_ID: '  ' })).toBeNull()
  })

  it("defaults to PayPal's sandbox, or live with PAYPAL_ENV=live", () => {
    expect(paypalConfig(full)).toEqual({ clientId: 'cid', clientSecret: 'secret', planId: 'P-1', webhookId: 'WH-1', env: 'sandbox', apiBase: 'https://api-m.sandbox.paypal.com', sdkBase: 'https://www.paypal.com/sdk/js' })
    expect(paypalConfig({ ...full, PAYPAL_ENV: 'live' })).toMatchObject({ env: 'live', apiBase: 'https://api-m.paypal.com' })
  })

  it('refuses a half configuration and an unknown environment, naming what is missing', () => {
    expect(() => paypalConfig({ PAYPAL_CLIENT_ID: 'cid' })).toThrow(/PAYPAL_CLIENT_SECRET, PAYPAL_PLAN_ID, PAYPAL_WEBHOOK_ID are not/)
    expect(() => paypalConfig({ ...full, PAYPAL_ENV: 'prod' })).toThrow(PaypalConfigError)
  })

  it("refuses a base that is not PayPal's unless a test opts in with PAYPAL_ALLOW_TEST_BASE=1", () => {
    for (const base of ['http://api-m.paypal.com', 'https://paypal.com.evil.example', 'https://evilpaypal.com', 'http://127.0.0.1:9999', 'not a url']) {
      expect(() => paypalConfig({ ...full, PAYPAL_API_BASE: base }), base).toThrow(PaypalConfigError)
    }
    expect(() => paypalConfig({ ...full, PAYPAL_SDK_BASE: 'http://127.0.0.1:9999/sdk/js' })).toThrow(/PAYPAL_SDK_BASE/)
    expect(paypalConfig({ ...full, PAYPAL_API_BASE: 'http://127.0.0.1:9999/', PAYPAL_ALLOW_TEST_BASE: '1' })).toMatchObject({ apiBase: 'http://127.0.0.1:9999' })
    expect(paypalConfig({ ...full, PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com' })).toMatchObject({ apiBase: 'https://api-m.sandbox.paypal.com' })
  })

  it('isPaypalUrl: https on paypal.com or a subdomain only', () => {
    expect(isPaypalUrl('https://www.paypal.com/sdk/js')).toBe(true)
    expect(isPaypalUrl('https://paypal.com')).toBe(true)
    expect(isPaypalUrl('https://paypal.com@evil.example')).toBe(false)
  })
})

/** PayPal's settings from the environment (README: Premium and PayPal). */
export type PaypalEnv = 'sandbox' | 'live'

export type PaypalConfig = {
  clientId: string
  clientSecret: string
  planId: string
  webhookId: string
  env: PaypalEnv
  /** The REST API, e.g. https://api-m.paypal.com (no trailing slash). */
  apiBase: string
  /** The JS SDK script, e.g. https://www.paypal.com/sdk/js. */
  sdkBase: string
}

export const PAYPAL_API_BASES: Record<PaypalEnv, string> = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
}
export const PAYPAL_SDK_BASE = 'https://www.paypal.com/sdk/js'

/** Raised at start-up: the server must not run half-configured against the wrong PayPal. */
export class PaypalConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaypalConfigError'
  }
}

const REQUIRED = ['PAYPAL_CLIENT_SECRET', 'PAYPAL_PLAN_ID', 'PAYPAL_WEBHOOK_ID'] as const

/** PayPal's own hosts: paypal.com or a subdomain, over https. */
export const isPaypalUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com'))
  } catch {
    return false
  }
}

function baseUrl(name: string, value: string, allowTestBase: boolean): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new PaypalConfigError(`${name} is not a URL: ${value}`)
  }
  if (!isPaypalUrl(value) && !allowTestBase) {
    throw new PaypalConfigError(`${name} must be a PayPal https URL (*.paypal.com); set PAYPAL_ALLOW_TEST_BASE=1 only for a test PayPal such as tests/fakes/paypal.`)
  }
  return url.toString().replace(/\/+$/, '')
}

/**
 * null when PAYPAL_CLIENT_ID is unset (the site runs without Premium sales: GET /api/paypal/client-id
 * answers 503). With a client id, every other setting is required, and an API or SDK base that is
 * not PayPal's is refused unless PAYPAL_ALLOW_TEST_BASE=1: a typo must never send members' payment
 * checks to someone else's server.
 */
export function paypalConfig(env: Record<string, string | undefined> = process.env): PaypalConfig | null {
  const clientId = env.PAYPAL_CLIENT_ID?.trim()
  if (!clientId) return null
  const missing = REQUIRED.filter((name) => !env[name]?.trim())
  if (missing.length > 0) throw new PaypalConfigError(`PayPal is half-configured: PAYPAL_CLIENT_ID is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not.`)
  const mode = (env.PAYPAL_ENV?.trim() || 'sandbox').toLowerCase()
  if (mode !== 'sandbox' && mode !== 'live') throw new PaypalConfigError(`PAYPAL_ENV must be sandbox or live, not ${mode}.`)
  const allowTestBase = env.PAYPAL_ALLOW_TEST_BASE === '1'
  return {
    clientId,
    clientSecret: env.PAYPAL_CLIENT_SECRET!.trim(),
    planId: env.PAYPAL_PLAN_ID!.trim(),
    webhookId: env.PAYPAL_WEBHOOK_ID!.trim(),
    env: mode,
    apiBase: baseUrl('PAYPAL_API_BASE', env.PAYPAL_API_BASE?.trim() || PAYPAL_API_BASES[mode], allowTestBase),
    sdkBase: baseUrl('PAYPAL_SDK_BASE', env.PAYPAL_SDK_BASE?.trim() || PAYPAL_SDK_BASE, allowTestBase),
  }
}

import { PaypalClient, paypalConfig, PAYPAL_NOT_CONFIGURED, type PaypalConfig } from '../paypal'
import { ServiceError } from '../errors'

export type Paypal = { config: PaypalConfig; client: PaypalClient }

let cached: { key: string; paypal: Paypal } | null = null

/** The configured PayPal, or null (no PAYPAL_CLIENT_ID). One client per configuration. */
export function configuredPaypal(env: Record<string, string | undefined> = process.env): Paypal | null {
  const config = paypalConfig(env)
  if (!config) return null
  const key = JSON.stringify(config)
  if (cached?.key !== key) cached = { key, paypal: { config, client: new PaypalClient(config) } }
  return cached.paypal
}

/** The configured PayPal, or 503 `{ error: 'PayPal is not configured.' }`. */
export function requirePaypal(): Paypal {
  const paypal = configuredPaypal()
  if (!paypal) throw new ServiceError(PAYPAL_NOT_CONFIGURED, 503)
  return paypal
}

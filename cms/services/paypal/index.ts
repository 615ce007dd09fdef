// PayPal's REST API: the real client and its configuration (terms in README.md).
export { PaypalClient, PAYPAL_TIMEOUT_MS, forgetPaypalTokens, toCents } from './client'
export { paypalConfig, isPaypalUrl, PaypalConfigError, type PaypalConfig, type PaypalEnv } from './config'
export { PaypalRequestError, PaypalUnavailableError, PAYPAL_NOT_CONFIGURED, PAYPAL_UNREACHABLE } from './errors'
export type { PaypalSubscription, PaypalWebhookEvent, WebhookTransmission } from './types'

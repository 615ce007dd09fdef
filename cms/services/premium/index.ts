// The premium domain: PayPal subscriptions, payments, webhooks and expiry (terms in README.md).
export { activatePremium, type ActivationResult } from './activate'
export { cancelPremium, type CancelResult } from './cancel'
export { expirePremiumIfDue, premiumLapsed } from './expiry'
export { configuredPaypal, requirePaypal } from './paypal'
export { premiumStatus, type PremiumStatus } from './status'
export { handleWebhook, HANDLED_EVENTS, type WebhookResult } from './webhooks'
export { PREMIUM_BADGE } from './user-fields'
export { recordStartedSubscription, subscribeOffer, type StartedResult, type SubscribeOffer } from './started'

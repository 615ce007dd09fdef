// Premium and PayPal strings the spec leaves "not shown" (its §8 toasts stay in ./messages).
export const PREMIUM_ACTIVATED = 'Welcome to Premium! Your subscription is active.'
export const PREMIUM_ALREADY_ACTIVE = 'Your Premium subscription is already active.'
export const SUBSCRIPTION_NOT_FOUND = 'PayPal does not know that subscription.'
export const SUBSCRIPTION_NOT_ACTIVE = 'That PayPal subscription is not active, so Premium was not granted.'
export const SUBSCRIPTION_WRONG_PLAN = 'That PayPal subscription is not for the Premium plan.'
export const SUBSCRIPTION_OTHER_MEMBER = 'That PayPal subscription was started by another member.'
export const SUBSCRIPTION_LINKED_ELSEWHERE = 'That PayPal subscription is already linked to another account.'
export const NO_PAYPAL_SUBSCRIPTION = 'You have no PayPal subscription to cancel.'
export const PREMIUM_CANCELLED = 'Your subscription is cancelled. Premium stays until the end of the period you paid for.'
export const WEBHOOK_UNVERIFIED = 'Webhook signature could not be verified.'
export const WEBHOOK_MALFORMED = 'Webhook body is not a PayPal event.'
export const PREMIUM_ALREADY_RENEWS = 'You already have a Premium subscription that renews, so a second one was not started.'
export const SECOND_SUBSCRIPTION_CANCELLED =
  'You already have a Premium subscription that renews. The second one was cancelled at PayPal, so it will not charge you again.'
export const SUBSCRIPTION_CHECK_UNAVAILABLE =
  'PayPal could not be reached to check the subscription you started. Please reload this page in a few minutes before paying again.'
export const SUBSCRIPTION_BEING_SET_UP = 'PayPal is still setting up the subscription you approved. Please reload this page in a minute.'

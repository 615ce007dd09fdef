import type { CollectionBeforeChangeHook, CollectionBeforeOperationHook } from 'payload'
import { APIError } from 'payload'

import type { User } from '../../payload-types'
import { hit, rules, tooManyAttemptsMessage } from '../rate-limit'
import { accountName, clearAccountFailures } from './login-throttle'

/**
 * Password reset by email (Payload's forgot-password and reset-password) is off until the site
 * sends email: without an email adapter its token would only reach the logs. PASSWORD_RESET=true
 * turns it on; meanwhile an admin sets a new password on the user in /cms.
 */
export const passwordResetEnabled = () => process.env.PASSWORD_RESET === 'true'

export const PASSWORD_RESET_OFF = 'Password reset is not available. Please ask an admin to set a new password for you.'

/**
 * Payload's forgot-password and reset-password operations, whichever door reaches them: refused
 * while reset is off; forgot-password counted per account name when on (server/guards/auth.ts
 * counts per address).
 */
export const guardPasswordReset: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'forgotPassword' && operation !== 'resetPassword') return args
  if (!passwordResetEnabled()) {
    req.payload.logger.warn({ event: 'password_reset_refused', operation }, 'password reset is off')
    throw new APIError(PASSWORD_RESET_OFF, 404, undefined, true)
  }
  if (operation === 'forgotPassword') {
    const data = (args as { data?: { username?: unknown; email?: unknown } }).data ?? {}
    const name = typeof data.username === 'string' ? data.username : typeof data.email === 'string' ? data.email : ''
    const result = await hit(req.payload, rules.forgotPasswordAccount, accountName(name))
    if (!result.allowed) {
      req.payload.logger.warn({ event: 'forgot_password_throttled', username: accountName(name) }, 'forgot-password refused: too many for this account')
      throw new APIError(tooManyAttemptsMessage(result.retryAfterSeconds), 429, { retryAfterSeconds: result.retryAfterSeconds }, true)
    }
  }
  return args
}

/**
 * Payload's own login operation (and its account lock, which strangers could trip to lock the
 * owner out) is never used: both sign-in doors go through signIn (login.ts). Anything that still
 * reaches it is refused.
 */
export const refusePayloadLogin: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'login') return args
  // /cms/create-first-user (an empty database started with SEED=0) signs its new admin in through
  // Payload's login; Payload answers that route only while there is no account at all.
  if (/\/first-register\/?$/.test(req.pathname ?? '')) return args
  req.payload.logger.warn({ event: 'payload_login_refused' }, 'Payload login operation refused: sign-in goes through signIn')
  throw new APIError('Not found.', 404, undefined, true)
}

/** A new password set by an admin in /cms lets the owner sign in at once from anywhere. */
export const clearThrottleOnNewPassword: CollectionBeforeChangeHook<User> = async ({ data, operation, originalDoc, req }) => {
  const password = (data as { password?: unknown }).password
  if (operation === 'update' && typeof password === 'string' && password !== '' && originalDoc?.username) {
    await clearAccountFailures(req.payload, originalDoc.username)
    req.payload.logger.info({ event: 'password_changed', userId: originalDoc.id, by: req.user?.id ?? null }, 'password changed; sign-in backoff cleared')
  }
  return data
}

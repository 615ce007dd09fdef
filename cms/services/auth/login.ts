import type { Payload } from 'payload'
import { AuthenticationError, createLocalReq, generateExpiredPayloadCookie, generatePayloadCookie, LockedAuth, logoutOperation } from 'payload'

import type { User } from '../../payload-types'
import { ServiceError, unauthorized } from '../errors'

export const INVALID_CREDENTIALS = 'Invalid username or password.'
export const lockedMessage = () =>
  `This account is locked after too many failed sign-in attempts. Please try again in ${Number(process.env.LOGIN_LOCK_MINUTES ?? 15)} minutes.`

const authConfig = (payload: Payload) => payload.collections.users.config.auth

/** Signs a member in: returns the user and the session cookie to set. */
export async function loginMember(payload: Payload, username: string, password: string, ip: string) {
  try {
    const result = await payload.login({ collection: 'users', data: { username, password } })
    if (!result.token || !result.user) throw unauthorized(INVALID_CREDENTIALS)
    return { user: result.user as User, cookie: sessionCookie(payload, result.token) }
  } catch (error) {
    if (error instanceof LockedAuth) {
      payload.logger.warn({ event: 'login_locked', username, ip }, 'sign-in refused: account locked')
      throw new ServiceError(lockedMessage(), 429)
    }
    if (error instanceof AuthenticationError || (error instanceof Error && /incorrect|not found/i.test(error.message))) {
      payload.logger.warn({ event: 'login_failed', username, ip }, 'sign-in failed')
      throw unauthorized(INVALID_CREDENTIALS)
    }
    throw error
  }
}

export function sessionCookie(payload: Payload, token: string): string {
  return generatePayloadCookie({ collectionAuthConfig: authConfig(payload), cookiePrefix: payload.config.cookiePrefix, token })
}

export function expiredSessionCookie(payload: Payload): string {
  return generateExpiredPayloadCookie({ collectionAuthConfig: authConfig(payload), cookiePrefix: payload.config.cookiePrefix })
}

/** Ends the session server-side (removes it from the user's sessions), so the old cookie stops working. */
export async function logoutMember(payload: Payload, user: User & { _sid?: string; collection?: string }) {
  const req = await createLocalReq({ user: { ...user, collection: 'users' } as never }, payload)
  await logoutOperation({ collection: payload.collections.users, req })
  return expiredSessionCookie(payload)
}

/** A fresh session for a member who has just registered. */
export async function startSession(payload: Payload, username: string, password: string) {
  const result = await payload.login({ collection: 'users', data: { username, password } })
  if (!result.token) throw unauthorized(INVALID_CREDENTIALS)
  return sessionCookie(payload, result.token)
}

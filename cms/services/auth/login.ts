import type { Payload } from 'payload'
import { createLocalReq, generateExpiredPayloadCookie, generatePayloadCookie, getFieldsToSign, jwtSign, logoutOperation } from 'payload'
import { addSessionToUser } from 'payload/shared'

import { tooManyAttemptsMessage } from '../rate-limit'
import type { User } from '../../payload-types'
import { tooMany, unauthorized } from '../errors'
import { knownDeviceCookie, knownDeviceUserId } from './known-device'
import { accountName, clearLoginFailures, loginWaitSeconds, recordLoginFailure } from './login-throttle'
import { verifyPassword } from './password'
import { forgetSessionToken } from '../cache/session-cache'
import { revokeSessionId, verifiedTokenClaims } from './revoked-sessions'
import { lockUserRow } from './user-row'
import { inTransaction } from '../db/transactions'

export const INVALID_CREDENTIALS = 'Invalid username or password.'

const authConfig = (payload: Payload) => payload.collections.users.config.auth

export type SignInInput = {
  username: string
  password: string
  /** The client's rate-limit key (rateLimitKey of its address). */
  clientKey: string
  /** The known-device cookie's value, if the browser sent one. */
  knownDevice?: string | null
  /** Depth of the returned user (relationships such as the profile picture). */
  depth?: number
}

export type SignInResult = {
  /** The user as the user may read it (Payload's read access, at `depth`). */
  user: User
  token: string
  exp: number
  /** Set-Cookie values: the session, and the known-device cookie. */
  cookies: string[]
}

type StoredUser = User & { hash?: string; salt?: string; sessions?: unknown[]; collection?: string }

/**
 * Signs a member in (both doors: POST /api/auth/login and /cms/api/users/login). Payload's own
 * login operation is not used: it locks the account for everyone after a few failures. Here a
 * wrong password, a locked-out pair and an unknown name answer alike: the same 401 after the same
 * hash, or the same 429 (login-throttle.ts), and the owner's known browser is never held back.
 */
export async function signIn(payload: Payload, input: SignInInput): Promise<SignInResult> {
  const username = accountName(input.username)
  const ip = input.clientKey
  const stored = (await payload.db.findOne({ collection: 'users', where: { username: { equals: username } } })) as StoredUser | null
  const knownDevice = stored !== null && knownDeviceUserId(payload, input.knownDevice) === stored.id
  if (!knownDevice) {
    const wait = await loginWaitSeconds(payload, username, ip)
    if (wait > 0) {
      payload.logger.warn({ event: 'login_throttled', username, ip, retryAfterSeconds: wait }, 'sign-in refused: too many failures from this address')
      throw tooMany(tooManyAttemptsMessage(wait), wait)
    }
  }
  // Runs a hash even when there is no such account, so both cost the same.
  const ok = await verifyPassword(input.password, stored)
  if (!ok || !stored) {
    const wait = knownDevice ? 0 : await recordLoginFailure(payload, username, ip)
    payload.logger.warn({ event: 'login_failed', username, ip, knownDevice, ...(wait > 0 ? { backoffSeconds: wait } : {}) }, 'sign-in failed')
    throw unauthorized(INVALID_CREDENTIALS)
  }
  await clearLoginFailures(payload, username, ip)
  const { token, exp } = await createSession(payload, stored)
  payload.logger.info({ event: 'login_succeeded', userId: stored.id, ip, knownDevice }, 'signed in')
  const user = await payload.findByID({
    collection: 'users',
    id: stored.id,
    depth: input.depth ?? 1,
    // The user reads their own row as themselves: Payload's read access, as its login answers.
    overrideAccess: false,
    user: { ...stored, collection: 'users' },
  })
  return {
    user,
    token,
    exp,
    cookies: [sessionCookie(payload, token), knownDeviceCookie(payload, stored.id, Boolean(authConfig(payload).cookies?.secure))],
  }
}

/**
 * A new session on the user's row and its signed token, exactly as Payload's login makes them
 * (addSessionToUser, the fields marked saveToJWT, the collection's token lifetime), for a user
 * whose password has just been checked or set.
 */
export async function createSession(payload: Payload, user: Pick<User, 'id'>): Promise<{ token: string; exp: number }> {
  const collectionConfig = payload.collections.users.config
  // Under the row's lock (user-row.ts): Payload's addSessionToUser writes the row back whole.
  const { sid, row, email } = await inTransaction(payload, async (req) => {
    if (!(await lockUserRow(payload, req, user.id))) throw unauthorized(INVALID_CREDENTIALS)
    const stored = (await payload.db.findOne({ collection: 'users', req, where: { id: { equals: user.id } } })) as StoredUser | null
    if (!stored) throw unauthorized(INVALID_CREDENTIALS)
    // Without the password columns: the session write must never put back a hash an admin has just replaced.
    const { hash: _hash, salt: _salt, ...row } = stored
    const session = await addSessionToUser({ collectionConfig, payload, req, user: row as never })
    return { sid: session.sid, row, email: stored.email ?? '' }
  })
  const fieldsToSign = getFieldsToSign({ collectionConfig, email, sid, user: { ...row, collection: 'users' } as never })
  return jwtSign({ fieldsToSign, secret: payload.secret, tokenExpiration: collectionConfig.auth.tokenExpiration })
}

export function sessionCookie(payload: Payload, token: string): string {
  return generatePayloadCookie({ collectionAuthConfig: authConfig(payload), cookiePrefix: payload.config.cookiePrefix, token })
}

export function expiredSessionCookie(payload: Payload): string {
  return generateExpiredPayloadCookie({ collectionAuthConfig: authConfig(payload), cookiePrefix: payload.config.cookiePrefix })
}

/**
 * Ends the session: removes it from the user's sessions, so the old cookie stops working. When
 * that write fails, or the user could not even be read (the database is down), the session is
 * refused in memory from now on and deleted from the row when it is next seen
 * (revoked-sessions.ts). The caller expires the cookie either way.
 */
export async function logoutMember(payload: Payload, user: (User & { _sid?: string; collection?: string }) | null, token?: string | null) {
  try {
    if (!user) throw new Error('the session could not be read')
    const member = user
    const outer = await createLocalReq({ user: { ...member, collection: 'users' } as never }, payload)
    // Under the row's lock (user-row.ts): the logout writes the row back whole, less this session.
    await inTransaction(
      payload,
      async (req) => {
        await lockUserRow(payload, req, member.id)
        await logoutOperation({ collection: payload.collections.users, req })
      },
      outer,
    )
  } catch (error) {
    const claims = verifiedTokenClaims(token, payload.secret)
    const sid = typeof user?._sid === 'string' ? user._sid : claims?.sid
    if (sid) {
      revokeSessionId(sid, claims?.expiresAt ?? Date.now() + authConfig(payload).tokenExpiration * 1000)
      payload.logger.error({ err: user ? error : undefined, event: 'logout_deferred', userId: user?.id ?? null }, 'logout: session refused in memory until the database forgets it')
    }
  } finally {
    forgetSessionToken()
  }
  return expiredSessionCookie(payload)
}

/** A fresh session for a member who has just registered (their password was hashed at creation). */
export async function startSession(payload: Payload, user: Pick<User, 'id'>) {
  const { token } = await createSession(payload, user)
  return sessionCookie(payload, token)
}

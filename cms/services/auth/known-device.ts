import { createHmac, timingSafeEqual } from 'node:crypto'

import type { Payload } from 'payload'

/**
 * The "known device" cookie: set in the owner's browser at a successful sign-in, it carries the
 * user id and an HMAC of it under the server's secret. A browser that holds it for the account
 * it signs into skips the per-(account, address) backoff that strangers trip (login-throttle.ts),
 * so guessing at someone's password never locks the owner out.
 */
export const KNOWN_DEVICE_COOKIE = 'known_device'
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60 // browsers cap cookie lifetimes at 400 days

const signature = (secret: string, userId: number | string) =>
  createHmac('sha256', secret).update(`known-device:v1:${userId}`).digest('base64url')

export const knownDeviceValue = (payload: Pick<Payload, 'secret'>, userId: number | string) => `${userId}.${signature(payload.secret, userId)}`

/** The user id a known-device cookie value vouches for, or null when it is missing or forged. */
export function knownDeviceUserId(payload: Pick<Payload, 'secret'>, value: string | null | undefined): number | null {
  if (!value) return null
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value)
  if (!match) return null
  const expected = Buffer.from(signature(payload.secret, match[1]!))
  const given = Buffer.from(match[2]!)
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(match[1]) : null
}

/** The value of one cookie in a Cookie header. */
export function cookieFromHeader(header: string | null | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index <= 0 || part.slice(0, index).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(index + 1).trim())
    } catch {
      return null
    }
  }
  return null
}

export function knownDeviceCookie(payload: Pick<Payload, 'secret'>, userId: number | string, secure: boolean): string {
  return [
    `${KNOWN_DEVICE_COOKIE}=${knownDeviceValue(payload, userId)}`,
    'Path=/',
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}

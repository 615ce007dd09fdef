// A visit is counted without a tracking cookie: its session id is a one-way hash of the client's
// truncated address and user agent under a salt that changes every site day.
import { createHash, createHmac } from 'node:crypto'

import { dayIn, type DayString } from '../../../shared/time-zones'
import { browserFamily } from './browser'
import { siteTimeZone } from '../settings/time-zone'
import { truncateIp } from './ip'

let cachedSalt: { key: string; salt: Buffer } | null = null

/**
 * The day's salt: HMAC(PAYLOAD_SECRET, day). Every app process derives the same one (so two
 * servers agree on a visitor's session), nobody can compute it without the secret, and it
 * changes at the site's midnight, so one day's ids cannot be linked to the next day's.
 */
export function dailySalt(day: DayString, secret: string = process.env.PAYLOAD_SECRET ?? ''): Buffer {
  const key = `${day}\u0000${secret}`
  if (cachedSalt?.key !== key) cachedSalt = { key, salt: createHmac('sha256', secret).update(`analytics-session-salt:${day}`).digest() }
  return cachedSalt.salt
}

/**
 * 32 hex characters (128 bits) identifying one browser (truncated address + user agent) for one
 * site day. One-way and salted with a secret: page_views keeps only the browser family, and the
 * id cannot be turned back into the full user agent.
 */
export function analyticsSessionId({ day, ip, userAgent, secret }: { day: DayString; ip: string | null; userAgent: string; secret?: string }): string {
  return createHash('sha256')
    .update(dailySalt(day, secret))
    .update('\u0000')
    .update(ip ?? '')
    .update('\u0000')
    .update(userAgent)
    .digest('hex')
    .slice(0, 32)
}

/** The site day an instant falls on (analytics count days in the site's time zone). */
export const siteDay = (at: Date): DayString => dayIn(at, siteTimeZone())

/** The session id of a request from `address` (untruncated, as Express saw it) with `userAgent`, at `at`. */
export function sessionIdFor({ address, userAgent, at = new Date() }: { address: string | null | undefined; userAgent: string | null | undefined; at?: Date }): string {
  return analyticsSessionId({ day: siteDay(at), ip: truncateIp(address), userAgent: userAgent ?? '' })
}

/**
 * Who a visitor (no account) is when their video views are counted: their address range and
 * browser family under the day's salt, 32 hex characters. Nothing the client holds (a cookie can be
 * dropped or made up on every request), so one client reporting a video over and over is one
 * viewer; it can pass for at most as many viewers as there are browser families. The price: people
 * on one network with the same kind of browser are one viewer of a video per hour.
 */
export function visitorViewerId({ address, userAgent, at = new Date() }: { address: string | null | undefined; userAgent: string | null | undefined; at?: Date }): string {
  return createHash('sha256')
    .update(dailySalt(siteDay(at)))
    .update('\u0000video-viewer\u0000')
    .update(truncateIp(address) ?? '')
    .update('\u0000')
    .update(browserFamily(userAgent))
    .digest('hex')
    .slice(0, 32)
}

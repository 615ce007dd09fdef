// The site's time zone wherever a date is formatted for a person. On the server it is the
// `timeZone` setting (cms/services/settings/time-zone.ts provides its reader at startup); in the
// browser, the zone the page was rendered with (BaseLayout writes it on <html data-time-zone>), so
// an island hydrates with the very text the server rendered and every date a person reads —
// pages, islands, /admin — sits on one calendar.
import { SITE_TIME_ZONE, SITE_TIME_ZONE_LABEL } from './constants'
import { isTimeZone } from './time-zones'

/** The attribute on <html> that carries the zone to the browser. */
export const TIME_ZONE_ATTRIBUTE = 'data-time-zone'

const READER = Symbol.for('app.siteTimeZone.reader')
type Holder = Record<symbol, (() => string) | undefined>

/** The server's source of the zone (the settings' time-zone module registers itself). */
export function provideSiteTimeZone(read: () => string): void {
  ;(globalThis as Holder)[READER] = read
}

/** The site's time zone: the page's <html data-time-zone> in the browser, the setting on the server. */
export function siteZone(): string {
  if (typeof document !== 'undefined') {
    const zone = document.documentElement?.getAttribute(TIME_ZONE_ATTRIBUTE)
    if (zone && isTimeZone(zone)) return zone
  }
  return (globalThis as Holder)[READER]?.() ?? SITE_TIME_ZONE
}

/** How a form names the zone its date and time inputs are on: 'New York (Eastern Time)', 'Europe/Berlin'. */
export const timeZoneLabel = (zone: string): string => (zone === SITE_TIME_ZONE ? SITE_TIME_ZONE_LABEL : zone.replace(/_/g, ' '))

// Wording of the premium gate's locks (not in the spec: our own, kept in one place).
import { SITE_TIME_ZONE } from './constants'
import { formatDate, type DateInput } from './format'

/** The label on an item in early access, in lists and on its page. */
export const EARLY_ACCESS_LABEL = 'Early access'
export const EARLY_ACCESS_HEADING = 'Early access for Premium members'
export const EARLY_ACCESS_POST_DESCRIPTION = 'Premium members can read this post now.'
export const EARLY_ACCESS_VIDEO_DESCRIPTION = 'Premium members can watch this video now.'
/** The comments section of a video the reader cannot play. */
export const COMMENTS_LOCKED = 'Comments on this video are open to those who can watch it.'

/** 'Jun 01, 2026 at 6:00 PM EDT': the moment in the site's time zone, with the zone's name. */
export function formatOpening(date: DateInput, timeZone = SITE_TIME_ZONE): string {
  const d = date instanceof Date ? date : new Date(date)
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).formatToParts(d)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${formatDate(d, timeZone)} at ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`
}

/** The teaser of an item in early access: when it opens to everyone. */
export const opensToEveryoneOn = (date: DateInput, timeZone = SITE_TIME_ZONE): string => `Opens to everyone on ${formatOpening(date, timeZone)}`

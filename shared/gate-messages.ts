// Wording of the premium gate's locks (not in the spec: our own, kept in one place).
import { formatDateTime, type DateInput } from './format'

/** The label on an item in early access, in lists and on its page. */
export const EARLY_ACCESS_LABEL = 'Early access'
export const EARLY_ACCESS_HEADING = 'Early access for Premium members'
export const EARLY_ACCESS_POST_DESCRIPTION = 'Premium members can read this post now.'
export const EARLY_ACCESS_VIDEO_DESCRIPTION = 'Premium members can watch this video now.'
/** The comments section of a video the reader cannot play. */
export const COMMENTS_LOCKED = 'Comments on this video are open to those who can watch it.'

/** 'Jun 01, 2026 at 6:00 PM EDT': the moment in the site's time zone, with the zone's name. */
export const formatOpening = (date: DateInput, timeZone?: string): string => formatDateTime(date, timeZone)

/** The teaser of an item in early access: when it opens to everyone. */
export const opensToEveryoneOn = (date: DateInput, timeZone?: string): string => `Opens to everyone on ${formatOpening(date, timeZone)}`

// Video page wording (SPEC §2). The quoted strings are the spec's own; keep them exact.
import { PREMIUM_PRICE_PER_MONTH_LABEL } from './constants'

export const PREMIUM_EXCLUSIVE = 'Premium Exclusive'
export const UPGRADE_TO_PREMIUM_MONTHLY = `Upgrade to Premium - ${PREMIUM_PRICE_PER_MONTH_LABEL}`
export const LOG_IN_HERE = 'Log in here'
export const SHARE_VIDEO = 'Share Video'
export const JUMP_TO_COMMENTS = 'Jump to Comments'
export const JOIN_THE_DISCUSSION = 'Join the Discussion'
export const RECOMMENDED_VIDEOS = 'Recommended Videos'
export const UP_NEXT = 'Up Next'
export const KEY_MOMENTS = 'Key Moments'
export const VIDEO_SUMMARY = 'Video Summary'
export const COMMUNITY_VIDEOS = 'Community Videos'

// Not in the spec: our wording.
export const PREMIUM_LOCK_DESCRIPTION = 'This video is for Premium members. Upgrade to watch it uncut, along with every other exclusive.'
export const COPY_LINK_FAILED = "Couldn't copy the link"

// What /live, its player and the live chat say (spec §2 /live). The premium lock's two strings
// are the spec's own and live in messages.ts (PREMIUM_REQUIRED, PREMIUM_REQUIRED_DESCRIPTION).

export const SIGN_IN_TO_WATCH_LIVE_PAGE = 'Sign in to watch live streams, see what is coming up and chat with the community.'
export const LIVE_NOW = 'Live Now'
export const UPCOMING_STREAMS = 'Upcoming Streams'
export const RECENT_STREAMS = 'Recent Streams'
export const WATCH_LIVE = 'Watch Live'
export const WATCH_REPLAY = 'Watch the replay'
export const UPGRADE_NOW = 'Upgrade Now'
export const NO_ONE_LIVE = 'No one is live right now.'
export const NO_UPCOMING_STREAMS = 'No streams are scheduled yet.'
export const NO_RECENT_STREAMS = 'No streams have ended yet.'
export const STREAM_BEGINS_SHORTLY = 'Stream will begin shortly...'
export const STREAM_HAS_ENDED = 'The stream has ended.'
export const BACK_TO_LIVE = 'Go to live'
export const LIVE_CHAT = 'Live Chat'
export const CHAT_REPLAY = 'Chat Replay'
export const NO_CHAT_MESSAGES = 'No messages yet. Say hello!'
export const NO_CHAT_REPLAY_MESSAGES = 'Nobody chatted during this stream.'
export const CHAT_MUTED = 'A moderator muted you for the rest of this stream.'
export const CHAT_SLOW_DOWN = 'Slow down…'
export const CHAT_LOAD_FAILED = 'The chat could not be loaded.'
export const CHAT_MESSAGE_DELETED = 'Message deleted'
export const CHAT_MEMBER_MUTED = 'Member muted'
export const FAILED_TO_DELETE_CHAT_MESSAGE = 'Failed to delete message'
export const FAILED_TO_MUTE_MEMBER = 'Failed to mute member'
export const LIVE_LIST_REFRESH_FAILED = 'Could not refresh the streams. Retrying…'

/** '1.5K watching'. */
export const watchingLabel = (formattedCount: string): string => `${formattedCount} watching`

// What the live chat answers a member it refuses (cms/services/live/chat), for the chat island too.
export const SIGN_IN_TO_CHAT = 'Please sign in to join the chat.'
export const CHAT_OPENS_WHEN_LIVE = 'The chat opens when the stream goes live.'
export const CHAT_READ_ONLY = 'This stream has ended; its chat is read-only.'
export const MUTED_IN_CHAT = 'You have been muted in this chat.'
export const CHAT_MESSAGE_NOT_FOUND = 'Message not found.'
export const CHAT_MEMBER_NOT_FOUND = 'Member not found.'
export const MODERATORS_ONLY = 'Only moderators and admins can do that.'
export const CANNOT_MUTE_MODERATOR = 'Moderators and admins cannot be muted.'
export const chattingTooFast = (seconds: number) => `You're sending messages too fast. Please wait ${seconds} second${seconds === 1 ? '' : 's'}.`

// The members' live chat beside a stream (terms in README.md).
export { chatHistory, isMuted, limitChatPosting, liveChatRule, postChatMessage, type ChatHistory } from './messages'
export { deleteChatMessage, muteChatMember } from './moderation'
export { chatAuthors, toChatAuthor, toChatMessage, type ChatAuthor } from './authors'
export { postingRefusal } from './stream-access'

// Member-interaction strings that the spec leaves "not shown": our wording, in the spec's voice.
// The spec's own strings (toasts, empty states) stay in ./messages.

// Bookmarks. The duplicate message must contain 'already bookmarked' (SPEC §8).
export const ALREADY_BOOKMARKED_MESSAGE = 'This item is already bookmarked.'
export const BOOKMARK_NOT_FOUND = 'That item is not in your bookmarks.'
export const BOOKMARK_ADDED = 'Bookmark Added'
export const BOOKMARK_ADDED_DESCRIPTION = 'Find it any time under My Bookmarks.'
export const BOOKMARK_REMOVED = 'Bookmark Removed'
export const CONTENT_NOT_FOUND = 'That video or post does not exist.'
export const SIGN_IN_TO_VIEW_BOOKMARKS = 'Please sign in to see the videos and posts you saved.'

// For You (mood recommendations). The spec's own toasts are in ./messages.
export const SIGN_IN_FOR_RECOMMENDATIONS = "Please sign in to tell us how you're feeling and get videos and posts picked for you."
export const RECOMMENDATIONS_LOAD_FAILED = 'Failed to load your recommendations. Please try again.'
export const MOOD_HISTORY_LOAD_FAILED = 'Failed to load your recent moods. Please try again.'

// Comments
export const COMMENT_NOT_FOUND = 'That comment no longer exists.'
export const SIGN_IN_TO_REACT = 'Please sign in to react to comments.'
export const SIGN_IN_TO_LIKE = 'Please sign in to like comments.'
export const SIGN_IN_TO_VOTE = 'Please sign in to vote on comments.'
export const FAILED_TO_VOTE = 'Failed to vote on comment'
export const VOTING_TOO_FAST = (minutes: number) =>
  `Too many votes in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`
export const REPLY_POSTED = 'Reply Posted'
export const CANNOT_DELETE_COMMENT = 'Only the author or an admin can delete this comment.'
export const COMMENTING_TOO_FAST = (minutes: number) =>
  `You're commenting too fast. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`
export const REACTING_TOO_FAST = (minutes: number) =>
  `Too many reactions in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`
export const FAILED_TO_REACT = 'Failed to react to comment'
export const COMMENT_POSTED = 'Comment Posted'
export const COMMENT_POSTED_DESCRIPTION = 'Thanks for joining the discussion!'
export const COMMENT_DELETED = 'Comment Deleted'

// Profile
export const PROFILE_UPDATED = 'Profile Updated'
export const PROFILE_UPDATED_DESCRIPTION = 'Your profile has been saved.'
export const PICTURE_UPDATED = 'Profile Picture Updated'
export const PICTURE_REQUIRED = 'Please choose an image to upload.'
export const PICTURE_NOT_IMAGE = 'Profile picture must be an image (JPG, PNG, WebP, GIF or AVIF).'
export const PICTURE_TOO_LARGE = 'Profile picture must be under 5MB.'
export const PICTURE_TOO_MANY_PIXELS = 'That image is too large to process. Please choose a smaller one.'
export const UPLOADING_TOO_FAST = 'Too many uploads. Please wait a few minutes and try again.'

// For You on the home page (the member's own part; the page itself is /recommendations)
export const FOR_YOU_HEADING = 'For You'
export const FOR_YOU_SEE_ALL = 'See all'
export const FOR_YOU_INVITATION = 'Tell us how you feel and get videos and posts picked for you.'

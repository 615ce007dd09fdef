// User-facing strings. Everything above the "not in the spec" section is copied exactly from the
// spec (§2, §4, §5, §8); do not reword those. Toasts come as TITLE + DESCRIPTION pairs.

// ── Account toasts (SPEC §8) ───────────────────────────────────────────────────
export const LOGIN_FAILED = 'Login Failed'
export const REGISTRATION_FAILED = 'Registration Failed'
export const AGE_VERIFICATION_FAILED = 'Age Verification Failed'
export const LOGOUT_FAILED = 'Logout Failed'
export const LOGIN_SUCCESSFUL = 'Login Successful'
export const welcomeBack = (username?: string | null): string => `Welcome back, ${username || 'User'}!`
export const REGISTRATION_SUCCESSFUL = 'Registration Successful'
export const welcomeToCommunity = (username: string): string => `Welcome to the community, ${username}!`
export const AGE_VERIFICATION_COMPLETE = 'Age Verification Complete'
export const AGE_VERIFICATION_COMPLETE_DESCRIPTION = 'You can now access all platform features.'

// ── Validation (SPEC §5) ───────────────────────────────────────────────────────
export const USERNAME_REQUIRED = 'Username is required'
export const PASSWORD_REQUIRED = 'Password is required'
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters'
export const PASSWORDS_DONT_MATCH = "Passwords don't match"
export const MIN_AGE_MESSAGE = 'You must be at least 13 years old to use this platform'
export const BIO_TOO_LONG = 'Bio must be less than 500 characters'
export const LOCATION_TOO_LONG = 'Location must be less than 100 characters'
export const WEBSITE_INVALID = 'Please enter a valid website URL'
export const NAME_REQUIRED = 'Name is required'
export const VALID_EMAIL_REQUIRED = 'Valid email is required'
export const COMMENT_REQUIRED = 'Comment is required'
export const COMMENT_TOO_LONG = 'Comment is too long'
export const SLUG_REQUIRED = 'Slug is required'
export const TITLE_REQUIRED = 'Title is required'
export const PUBLISHED_DATE_REQUIRED = 'Published date is required'
export const CHANNEL_HANDLE_REQUIRED = 'Please enter a channel handle'
export const STREAM_TITLE_REQUIRED = 'Stream title is required.'
export const STREAM_EMBED_URL_REQUIRED = 'YouTube and StreamYard streams need the embed address (Stream URL).'

// Upload checks (title / description pairs)
export const FILE_TOO_LARGE = 'File too large'
export const VIDEO_FILE_TOO_LARGE_DESCRIPTION = 'Video file must be under 500MB'
export const INVALID_FILE_TYPE = 'Invalid file type'
export const VIDEO_FILE_TYPE_DESCRIPTION = 'Please drop a video file (MP4, MOV, AVI, etc.)'
export const IMAGE_TOO_LARGE = 'Image too large'
export const THUMBNAIL_TOO_LARGE_DESCRIPTION = 'Thumbnail must be under 5MB'
export const NO_VIDEO_FILE_SELECTED = 'No video file selected'
export const UPLOAD_FAILED = 'Upload failed'
export const uploadFailed = (statusText?: string): string =>
  statusText ? `Upload failed: ${statusText}` : UPLOAD_FAILED

// Gated actions
export const MOOD_REQUIRED = 'Mood Required'
export const MOOD_REQUIRED_DESCRIPTION = "Please select how you're feeling right now."
export const PREMIUM_REQUIRED = 'Premium Required'
export const PREMIUM_REQUIRED_DESCRIPTION = 'This is an exclusive uncut live stream for premium members only.'
export const SIGN_IN_REQUIRED = 'Sign In Required'
export const SIGN_IN_TO_BOOKMARK = 'Please sign in to bookmark content.'
export const LOGIN_REQUIRED = 'Login Required'
export const LOGIN_TO_SUBSCRIBE = 'Please log in to subscribe to premium'

// ── Points and gamification (SPEC §4, §8) ──────────────────────────────────────
export const FAILED_TO_AWARD_POINTS = 'Failed to award points' // logged only, never shown
export const POINTS_EARNED = 'Points Earned!'
export const youEarnedPoints = (n: number): string => `You earned ${n} points!`
export const pointsEarnedAnimation = (n: number): string => `+${n} points earned!`
export const LEVEL_UP = 'LEVEL UP!'
export const reachedLevel = (level: number): string => `You've reached Level ${level}!`
export const KEEP_ENGAGING = 'Keep engaging to unlock more rewards!'
export const ACHIEVEMENT_UNLOCKED = 'ACHIEVEMENT UNLOCKED!'
export const STATS_FALLBACK_LEVEL = 'Community Level 1'
export const STATS_SIGN_IN_PROMPT = 'Sign in to track your progress and earn points!'

/** Award descriptions by activity (SPEC §9). */
export const AWARD_DESCRIPTIONS = {
  video_watch: (title: string) => `Watched: ${title}`,
  video_complete: (title: string) => `Completed: ${title}`,
  comment_post: (title: string) => `Commented on: ${title}`,
  blog_read: (title: string) => `Read: ${title}`,
  bookmark_add: (title: string) => `Bookmarked: ${title}`,
  login: () => 'Daily login bonus',
  profile_update: () => 'Updated profile information',
  premium_subscription: () => 'Subscribed to premium',
  age_verification: () => 'Completed age verification',
} as const

// ── Content errors ─────────────────────────────────────────────────────────────
export const ALREADY_BOOKMARKED = 'Already Bookmarked'
export const FAILED_TO_BOOKMARK = 'Failed to bookmark content'
export const FAILED_TO_REMOVE_BOOKMARK = 'Failed to remove bookmark'
export const FAILED_TO_POST_COMMENT = 'Failed to post comment. Please try again.'
export const FAILED_TO_LIKE_COMMENT = 'Failed to like comment'
export const FAILED_TO_DELETE_COMMENT = 'Failed to delete comment'
export const FAILED_TO_DELETE_POST = 'Failed to delete post.'
export const LINK_COPIED = 'Link copied!'
export const AUTO_PLAYING_NEXT = 'Auto-playing next video'

// ── Profile ────────────────────────────────────────────────────────────────────
export const UPDATE_FAILED = 'Update Failed'
export const PICTURE_UPLOAD_FAILED = 'Upload Failed' // description: server error text or UPLOAD_FAILED

// ── Not found and empty states (SPEC §2, §8) ───────────────────────────────────
export const VIDEO_NOT_FOUND = 'Video Not Found'
export const USER_NOT_FOUND = 'User Not Found'
export const POST_NOT_FOUND = 'Post Not Found'
export const NO_POSTS_MATCHING = 'No posts found matching your criteria.'
export const NO_VIDEOS = 'No videos available at the moment.'
export const NO_POSTS_IN_CATEGORIES = 'No posts available in any category yet.'
export const NO_COMMENTS_TITLE = 'No comments yet'
export const NO_COMMENTS_DESCRIPTION = 'Be the first to share your thoughts on this video!'
export const NO_BOOKMARKS = 'No Bookmarks Yet'
export const NO_ADMIN_POSTS = 'No posts found. Create your first post to get started.'
export const CONFIRM_DELETE_POST = 'Are you sure you want to delete this post?'
export const ACCESS_DENIED = 'Access Denied'
export const ADMIN_ACCESS_REQUIRED = 'Admin Access Required'

// ── Admin (SPEC §8) ────────────────────────────────────────────────────────────
export const IMPORT_FAILED = 'Import Failed'
export const FAILED_TO_IMPORT_VIDEOS = 'Failed to import videos'
export const MOCK_CREATION_FAILED = 'Mock Creation Failed'
export const FAILED_TO_CREATE_MOCK_VIDEOS = 'Failed to create mock videos'
export const SYNC_FAILED = 'Sync Failed'
export const FAILED_TO_SYNC_VIDEOS = 'Failed to sync videos'
export const FAILED_TO_CREATE_ANNOUNCEMENT = 'Failed to create announcement'
export const FAILED_TO_UPDATE_ANNOUNCEMENT = 'Failed to update announcement'
export const FAILED_TO_START_BOT = 'Failed to Start Bot'
export const FAILED_TO_START_BOT_DESCRIPTION = 'Could not start the autonomous SEO bot'
export const FAILED_TO_STOP_BOT = 'Failed to Stop Bot'
export const PROCESSING_FAILED = 'Processing Failed'
export const PROCESSING_FAILED_DESCRIPTION = 'Could not trigger immediate video processing'
export const FAILED_TO_FETCH_BADGE_USERS = 'Failed to fetch users with badges'
export const FAILED_TO_ADD_BADGE = 'Failed to add badge'
export const FAILED_TO_REMOVE_BADGE = 'Failed to remove badge'
export const FAILED_TO_UPDATE_MODERATOR = 'Failed to update moderator status'
export const failedToCreateStream = (message: string): string => `Failed to create stream: ${message}`
export const failedToUpdateStream = (message: string): string => `Failed to update stream: ${message}`
export const failedToDeleteStream = (message: string): string => `Failed to delete stream: ${message}`

// ── Payments (SPEC §8) ─────────────────────────────────────────────────────────
export const PAYPAL_LOAD_ERROR = 'Error loading PayPal. Please refresh the page.'
export const PAYPAL_CONFIG_ERROR = 'PayPal configuration error. Please contact support.'
export const PAYPAL_UNAVAILABLE = 'PayPal service unavailable. Please refresh the page.'
export const SUBSCRIPTION_BUTTON_ERROR = 'Unable to load subscription button. Please refresh the page.'
export const SUBSCRIPTION_ERROR = 'Subscription Error'
export const SUBSCRIPTION_ERROR_DESCRIPTION = 'There was an issue processing your subscription. Please try again.'
export const SUBSCRIPTION_CANCELLED = 'Subscription Cancelled'
export const SUBSCRIPTION_CANCELLED_DESCRIPTION = 'Your subscription was cancelled.'
// /premium (the spec names the page and 'Premium until', not the rest): ours.
export const PREMIUM_CANCELLED = 'Subscription Cancelled'
export const CANCEL_PREMIUM_FAILED = 'Cancellation Failed'
export const premiumUntil = (date: string): string => `Premium until ${date}`
export const renewsOn = (date: string): string => `Renews on ${date}`
// The spec's approval toast has no words of its own (§4 "approved gives a toast"): ours.
export const SUBSCRIPTION_APPROVED = 'Subscription Approved'
export const SUBSCRIPTION_APPROVED_DESCRIPTION = 'Welcome to Premium! Setting up your account…'
export const WARNING = 'Warning'
export const SUBSCRIPTION_ACCOUNT_UPDATE_FAILED =
  'Subscription created but there was an issue updating your account. Please contact support.'

// ── Moods and recommendations (SPEC §8) ────────────────────────────────────────
export const ERROR = 'Error'
export const MOOD_FAILED = 'Failed to process your mood. Please try again.'
export const GENERATION_FAILED = 'Failed to generate recommendations. Please try again.'
export const FEEDBACK_FAILED = 'Failed to submit feedback. Please try again.'
export const FEEDBACK_CONFIRMATIONS = {
  liked: "Thanks! We'll show you more content like this.",
  disliked: "Got it. We'll improve future recommendations.",
  not_interested: "Noted. We'll avoid similar content.",
} as const

// ── Dates (SPEC §8) ────────────────────────────────────────────────────────────
export const INVALID_TIME_VALUE = 'Invalid time value'

// ───────────────────────────────────────────────────────────────────────────────
// Not in the spec: our wording. The spec leaves these messages "not shown"; keep them short and
// in the same voice as the spec's own messages.
// ───────────────────────────────────────────────────────────────────────────────
export const USERNAME_INVALID =
  'Username must be 3–30 characters: letters, numbers, underscores, hyphens or dots'
export const PASSWORD_TOO_LONG = 'Password must be at most 128 characters'
export const EMAIL_INVALID = 'Please enter a valid email address'
export const DOB_REQUIRED = 'Date of birth is required'
export const DOB_INVALID = 'Please enter a valid date of birth'
export const DOB_IN_FUTURE = 'Date of birth cannot be in the future'
export const NAME_TOO_LONG = 'Name must be at most 100 characters'
export const CONTENT_REQUIRED = 'Content is required'
export const SLUG_INVALID = 'Slug must be lowercase letters, numbers and hyphens'
export const TITLE_TOO_LONG = 'Title is too long'
export const COLOR_INVALID = 'Please choose one of the preset colors'
export const DATE_INVALID = 'Please enter a valid date'
export const ANNOUNCEMENT_STARTS_AFTER_EXPIRY = 'The start time must be before the expiry time'
export const READ_TIME_INVALID = 'Read time must be a whole number of minutes'
export const CONTENT_ID_REQUIRED = 'Content id is required'
export const URL_INVALID = 'Please enter a valid URL'
export const MOOD_CONTEXT_TOO_LONG = 'Context must be 500 characters or less'
export const INTENSITY_INVALID = 'Intensity must be between 0.1 and 1'
export const LIMIT_1_TO_50_INVALID = 'Limit must be a whole number from 1 to 50'
export const RECOMMENDATION_TYPE_INVALID = 'Type must be video, blog_post or all'
export const RECOMMENDATION_FEEDBACK_INVALID = 'Feedback must be liked, disliked or not_interested'
export const DURATION_INVALID = 'Duration must look like 4:13 or PT4M13S'
export const INVALID_REQUEST = 'Invalid request'
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.'
export const THUMBNAIL_FILE_TYPE_DESCRIPTION = 'Please choose an image file (JPG, PNG, WebP, etc.)'

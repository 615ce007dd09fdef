// Business constants and limits (SPEC §9), plus the enumerations of SPEC §3 that schemas and UI share.
// Numbers here are exact spec values; change them only when the spec changes.

export const SITE_NAME = 'Voices of Justice' // default only: the CMS site settings can override it
export const THEME_STORAGE_KEY = 'theme'

// ── Premium ────────────────────────────────────────────────────────────────────
export const PREMIUM_PRICE = 4.99
export const PREMIUM_PRICE_LABEL = '$4.99'
export const PREMIUM_PRICE_PER_MONTH_LABEL = '$4.99/month'

// ── Age, passwords, profile, comments ──────────────────────────────────────────
export const MIN_AGE = 13
export const MIN_PASSWORD_LENGTH = 8
/** Not in the spec: an upper bound so hashing cost stays bounded. */
export const MAX_PASSWORD_LENGTH = 128
/** Not in the spec: username rules are ours (see messages.ts). */
export const USERNAME_MIN = 3
export const USERNAME_MAX = 30
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/
export const BIO_MAX = 500
export const LOCATION_MAX = 100
export const COMMENT_MAX = 2000
/** Not in the spec: bound on a comment author's name. */
export const COMMENT_AUTHOR_NAME_MAX = 100

// ── Uploads ────────────────────────────────────────────────────────────────────
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024
export const SUPPORTED_VIDEO_FORMATS = ['MP4', 'MOV', 'AVI', 'WMV', 'FLV'] as const
/** Prefix of the generated videoId of a manual upload (SPEC §7). */
export const MANUAL_VIDEO_ID_PREFIX = 'manual_'

// ── Page sizes ─────────────────────────────────────────────────────────────────
export const PAGE_SIZES = {
  news: 6,
  videos: 24,
  /** 1 hero + 5 recent */
  homeVideos: 6,
  homePosts: 3,
  /** The member's For You items on the home page (the rest on /recommendations). */
  homeForYou: 4,
  topicsPosts: 9,
  topicsPerCategory: 3,
  paginationLinks: 5,
  adminPosts: 100,
  gamificationTop: 10,
} as const

// ── Video page ─────────────────────────────────────────────────────────────────
export const VIDEO_PAGE = {
  recommended: 8,
  summaryPreview: 300,
  topics: 6,
  autoplayDelayMs: 2000,
  autoplayToastMs: 3000,
} as const

// ── Mood and recommendations ───────────────────────────────────────────────────
export const MOODS = [
  'inspired',
  'reflective',
  'angry',
  'hopeful',
  'sad',
  'energized',
  'curious',
  'frustrated',
  'peaceful',
  'determined',
] as const
export type Mood = (typeof MOODS)[number]

export const MOOD = {
  moods: MOODS,
  intensityMin: 0.1,
  intensityMax: 1,
  intensityStep: 0.1,
  intensityDefault: 0.5,
  contextMax: 500,
  generateLimit: 10,
  regenerateLimit: 8,
  historyLimit: 5,
} as const

/** Score colour tiers: >= green → green, >= yellow → yellow, else the lowest tier. */
export const RECOMMENDATION_SCORE_TIERS = { green: 0.8, yellow: 0.6 } as const

export const RECOMMENDATION_WEIGHTS = {
  diversityFactor: 0.3,
  moodWeight: 0.4,
  popularityWeight: 0.2,
  personalityWeight: 0.4,
} as const

export const RECOMMENDATION_TYPES = [
  'mood_based',
  'trending',
  'similar_content',
  'category_based',
  'personalized',
] as const
export const RECOMMENDATION_FEEDBACK = ['liked', 'disliked', 'not_interested'] as const
export type RecommendationFeedback = (typeof RECOMMENDATION_FEEDBACK)[number]

// ── Gamification ───────────────────────────────────────────────────────────────
export const POINT_ACTIVITY_TYPES = [
  'login',
  'video_watch',
  'video_complete',
  'comment_post',
  'blog_read',
  'bookmark_add',
  'profile_update',
  'daily_streak',
  'premium_subscription',
  'content_share',
  'age_verification',
  'first_comment',
  'first_bookmark',
  'level_up',
  'achievement_unlock',
  'community_join',
] as const
export type PointActivityType = (typeof POINT_ACTIVITY_TYPES)[number]

/** Points per activity (SPEC §9 table). Activities missing here have no published value. */
export const POINTS = {
  login: 5, // daily login
  video_watch: 10,
  video_complete: 25,
  comment_post: 15,
  blog_read: 10,
  bookmark_add: 5,
  daily_streak: 50,
  premium_subscription: 100,
  achievement_unlock: 30,
} as const satisfies Partial<Record<PointActivityType, number>>

/** Only the five published thresholds; levels 6–10 exist but their thresholds are not known. */
export const LEVEL_THRESHOLDS = { 1: 0, 2: 100, 3: 250, 4: 500, 5: 1000 } as const
export const MAX_KNOWN_LEVEL = 5

export function levelForPoints(points: number): number {
  let level = 1
  if (!Number.isFinite(points)) return level
  for (let l = 2; l <= MAX_KNOWN_LEVEL; l++) {
    if (points >= LEVEL_THRESHOLDS[l as keyof typeof LEVEL_THRESHOLDS]) level = l
  }
  return level
}

export const STREAK_RING = { maxDays: 30, thresholds: [7, 14, 21] } as const

/** Points toast colour tiers: >= top → top, >= middle → middle, else lowest. */
export const POINTS_TOAST_TIERS = { top: 50, middle: 25 } as const

export const RARITIES = ['legendary', 'epic', 'rare', 'common'] as const
export type Rarity = (typeof RARITIES)[number]
export const DEFAULT_RARITY: Rarity = 'common'

export const ACHIEVEMENT_CATEGORIES = ['engagement', 'social', 'milestone', 'premium', 'special'] as const
export const LEADERBOARD_PERIODS = ['daily', 'weekly', 'monthly', 'all_time'] as const
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number]

// ── Badges ─────────────────────────────────────────────────────────────────────
export const BADGE_CODES = [
  'founder',
  'early_50',
  'early_100',
  'early_1000',
  'premium',
  'moderator',
  'member',
  'contributor',
  'verified',
] as const
export type BadgeCode = (typeof BADGE_CODES)[number]

export const BADGE_TIERS = { founder: 5, early_50: 50, early_100: 100, early_1000: 1000 } as const

/** Badges earned by joining as member number n: the early tiers it falls in, and always member. */
export function badgesForMemberNumber(n: number): BadgeCode[] {
  const badges: BadgeCode[] = []
  if (Number.isInteger(n) && n >= 1) {
    for (const [code, last] of Object.entries(BADGE_TIERS) as [BadgeCode, number][]) {
      if (n <= last) badges.push(code)
    }
  }
  badges.push('member')
  return badges
}

// ── Colours ────────────────────────────────────────────────────────────────────
export const DEFAULT_CATEGORY_COLOR = '#0d6efd'
/** 8 presets, first is the default; each keeps >= 4.5:1 contrast with white text. */
export const CATEGORY_COLOR_PRESETS = [
  DEFAULT_CATEGORY_COLOR, // blue
  '#198754', // green
  '#dc3545', // red
  '#b45309', // amber
  '#6f42c1', // purple
  '#be185d', // pink
  '#0f766e', // teal
  '#6c757d', // grey
] as const

/** What each preset is called, for labels beside its swatch (the colour is never the only cue). */
export const CATEGORY_COLOR_NAMES: Record<(typeof CATEGORY_COLOR_PRESETS)[number], string> = {
  '#0d6efd': 'Blue',
  '#198754': 'Green',
  '#dc3545': 'Red',
  '#b45309': 'Amber',
  '#6f42c1': 'Purple',
  '#be185d': 'Pink',
  '#0f766e': 'Teal',
  '#6c757d': 'Grey',
}
export const DEFAULT_TAG_COLOR = '#3b82f6'
export const TAG_CATEGORIES = ['mood', 'topic', 'emotion', 'theme', 'genre'] as const

export const TOPIC_SLUGS = ['headlines', 'world-news', 'community', 'justice', 'commentary'] as const
export type TopicSlug = (typeof TOPIC_SLUGS)[number]

// ── Toasts and tooltips ────────────────────────────────────────────────────────
export const TOAST = {
  limit: 1,
  durationMs: 5000,
  removeDelayMs: 1_000_000,
  swipeDirection: 'right',
  swipeThreshold: 50,
  hotkey: 'F8',
  maxWidthPx: 420,
  pointsToastMs: 3000,
  overlayMs: 4000,
} as const

export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const

// ── Refresh intervals and jobs ─────────────────────────────────────────────────
export const REFRESH_MS = {
  stats: 30_000,
  leaderboard: 60_000,
  adminAnalytics: 30_000,
  adminCounts: 60_000,
  adminVideoStats: 60_000,
  seoBotStatus: 30_000,
} as const
export const SEO_BOT_CHECK_INTERVAL_MS = 5 * 60_000
export const VIDEO_SYNC_INTERVAL_MS = 15 * 60_000
/** Delay before redirecting to /premium after an approved subscription (SPEC §4). */
export const SUBSCRIPTION_REDIRECT_MS = 1500
/** Scroll-to-top on navigation is repeated over this window (SPEC §2). */
export const SCROLL_TOP_REPEAT_MS = 100

// ── Live streams ───────────────────────────────────────────────────────────────
export const LIVE_STREAM_STATUSES = ['scheduled', 'live', 'ended'] as const
export type LiveStreamStatus = (typeof LIVE_STREAM_STATUSES)[number]
export const STREAM_PLATFORMS = ['obs', 'streamyard', 'youtube'] as const
export type StreamPlatform = (typeof STREAM_PLATFORMS)[number]
export const STREAM_RESOLUTIONS = [
  { label: '1080p', value: '1920x1080' },
  { label: '720p', value: '1280x720' },
  { label: '480p', value: '854x480' },
] as const
export const STREAM_FRAME_RATES = [60, 30, 24] as const
export const STREAM_DEFAULTS = {
  resolution: '1920x1080',
  bitrateKbps: 2500,
  frameRate: 30,
  encoder: 'x264',
  isPremiumOnly: true,
  platform: 'obs',
} as const
export const STREAM_ENCODERS = ['x264', 'nvenc', 'quicksync', 'amf', 'apple_vt'] as const
export type StreamEncoder = (typeof STREAM_ENCODERS)[number]
export const STREAM_TITLE_MAX = 200
export const STREAM_DESCRIPTION_MAX = 2000
export const STREAM_BITRATE_RANGE = { min: 500, max: 20_000 } as const
/** The RTMP application OBS publishes to: rtmp://host:port/live/{streamKey}. */
export const RTMP_APP = 'live'
/** Where a stream's HLS lives on the site: /live-hls/{id}/index.m3u8 and its segments. */
export const LIVE_HLS_PREFIX = '/live-hls'
export const liveHlsPlaylistPath = (streamId: number | string): string => `${LIVE_HLS_PREFIX}/${streamId}/index.m3u8`
/** A stream's event channel (server-sent events: chat, deletes, mutes, status, viewers). */
export const liveEventsPath = (streamId: number | string): string => `/api/live-streams/${streamId}/events`
/** The members' live chat: one message's length, and how many one member may send in a window. */
export const LIVE_CHAT_MESSAGE_MAX = 300
export const LIVE_CHAT_RATE = { messages: 5, windowSeconds: 10 } as const
/** How many earlier messages a viewer gets on opening the chat. */
export const LIVE_CHAT_HISTORY = 100
/** /live refreshes its lists this often (a stream that goes live shows up without a reload). */
export const LIVE_LIST_REFRESH_MS = 10_000

// ── Content enumerations ───────────────────────────────────────────────────────
export const POST_STATUSES = ['draft', 'published'] as const
export type PostStatus = (typeof POST_STATUSES)[number]
export const ANNOUNCEMENT_TYPES = ['general', 'urgent', 'update', 'event'] as const
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number]
/**
 * The site's own time zone: the one /cms shows and takes announcement start and expiry times in
 * (stored as UTC instants, so every reader's clock agrees on when one starts and ends).
 */
export const SITE_TIME_ZONE = 'America/New_York'
export const SITE_TIME_ZONE_LABEL = 'New York (Eastern Time)'
/** /cms's date formats (date-fns), the site's own: 'Nov 24, 2025' and 'Nov 24, 2025 at 8:26 PM' (shared/format.ts). */
export const CMS_DAY_FORMAT = 'MMM dd, yyyy'
export const CMS_DATE_TIME_FORMAT = "MMM dd, yyyy 'at' h:mm a"
export const BOOKMARK_CONTENT_TYPES = ['video', 'blog_post'] as const
export type BookmarkContentType = (typeof BOOKMARK_CONTENT_TYPES)[number]
export const VIDEO_SOURCES = ['youtube', 'manual'] as const
export type VideoSource = (typeof VIDEO_SOURCES)[number]

// ── Text derivation ────────────────────────────────────────────────────────────
export const WORDS_PER_MINUTE = 200
export const EXCERPT_MAX = 150

// ── Database column limits (analytics records) ─────────────────────────────────
export const DB_COLUMN_LIMITS = {
  sessionId: 255,
  path: 500,
  userAgent: 1000,
  ipAddress: 45,
  referrer: 500,
} as const

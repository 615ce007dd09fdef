/** JSON shapes of the admin analytics endpoints (SPEC §2 Admin panel → Analytics, §7 Admin). */
import type { DeviceType, TrafficSource } from '../analytics-sources'
import type { DayString } from '../time-zones'

/** GET /api/admin/user-count. */
export type UserCounts = {
  /** Members with a signed-in visit (a user_sessions row with their account) in the last 30 days. */
  activeUsers: number
  totalUsers: number
  /** Premium holds now (flag set, end date absent or ahead: the premium gate's rule). */
  premiumUsers: number
  verifiedUsers: number
  adminUsers: number
}

/**
 * GET /api/admin/video-stats. `totalViews` is what the videos' counters hold together (SPEC); it
 * mixes two things the dashboard shows apart, never summed: `siteViews`, the views this site
 * counted (once per viewer per video per hour), and `importedViews`, the rest: YouTube's counts
 * brought in by the import and sync (and the demo's starting figures).
 */
export type VideoStats = { totalVideos: number; totalViews: number; siteViews: number; importedViews: number }

/** A traffic source's share of the range: page views and visitor-days that came through it. */
export type SourceFigures = { source: TrafficSource; views: number; visits: number }
/** A referring site (its host, www. dropped) and what it sent. */
export type ReferrerFigures = { host: string; source: TrafficSource; views: number; visits: number }
/** Page views and visitor-days per device type (pages recorded since device types are stored). */
export type DeviceFigures = { device: DeviceType; views: number; visits: number }

/** One day of the series. */
export type AnalyticsDay = {
  date: DayString
  pageViews: number
  /** Visitor-days: one per browser (address range + user agent) per site day. */
  sessions: number
  signUps: number
  newPremium: number
}

export type TopVideo = {
  videoId: string
  title: string | null
  /** Page views of /video/{videoId}. */
  views: number
  /** Seconds of real playback members covered (progress beats). */
  watchTimeSeconds: number
  /** Members who crossed 80 % of the video in the range. */
  completions: number
}

export type TopPost = {
  slug: string
  title: string | null
  views: number
  /** Seconds readers stayed on the post before their next page (known once the next page is seen). */
  timeOnPageSeconds: number
}

/** GET /api/admin/analytics?days=|from=&to= */
export type AnalyticsSummary = {
  range: { from: DayString; to: DayString; days: number; timeZone: string }
  totals: {
    pageViews: number
    sessions: number
    /** Sessions in which a member was signed in. */
    signedInSessions: number
    signUps: number
    newPremium: number
    watchTimeSeconds: number
    completions: number
    /** Money PayPal took in the range (payments ledger), in cents. */
    receivedCents: number
  }
  series: AnalyticsDay[]
  topVideos: { byViews: TopVideo[]; byWatchTime: TopVideo[] }
  topPosts: { byViews: TopPost[]; byTimeOnPage: TopPost[] }
  /** Every traffic source, in TRAFFIC_SOURCES order (zeros included). */
  sources: SourceFigures[]
  /** The other sites, search engines and social networks that sent the most page views (10; the site itself and direct visits are not listed). */
  topReferrers: ReferrerFigures[]
  /** Desktop, mobile, tablet (zeros included). */
  devices: DeviceFigures[]
  /** All payments ever recorded, in cents (USD, the plan's currency). */
  receivedAllTimeCents: number
  /** When these numbers were read (ISO). */
  generatedAt: string
}

/** One day of one video or post. */
export type ItemDay = { date: DayString; views: number; watchTimeSeconds: number; completions: number; timeOnPageSeconds: number }

/**
 * GET /api/admin/analytics/video/{videoId} and /api/admin/analytics/post/{slug} (same range
 * parameters as the summary): one item's days and totals; for a video its retention curve.
 */
export type ItemAnalytics = {
  kind: 'video' | 'post'
  /** The video id or the post slug. */
  id: string
  title: string | null
  /** The public page: /video/{videoId} or /post/{slug}. */
  path: string
  range: { from: DayString; to: DayString; days: number; timeZone: string }
  totals: {
    /** Page views of the item's page on this site. */
    views: number
    /** Visitor-days in which members played the video (videos). */
    viewers: number
    watchTimeSeconds: number
    completions: number
    /** completions / viewers (0 when nobody played it). */
    completionRate: number
    timeOnPageSeconds: number
  }
  series: ItemDay[]
  /**
   * Videos: 20 points, at 0 %, 5 % … 95 % of the video: the share (0–1) of the visits that played
   * it (viewers) whose playback reached that point. Empty for posts.
   */
  retention: { percent: number; share: number; viewers: number }[]
  /** YouTube's own count (imported) for a YouTube video; null otherwise. Never added to `views`. */
  youtubeViews: number | null
  generatedAt: string
}

/** GET /api/admin/analytics/realtime: who is on the site now. */
export type RealtimeVisitors = {
  /** Visitors (visitor-days) with a page view in the last `windowMinutes`. */
  activeVisitors: number
  windowMinutes: number
  /** The pages they read in that window, most visitors first (10). */
  pages: { path: string; visitors: number; views: number }[]
  generatedAt: string
}

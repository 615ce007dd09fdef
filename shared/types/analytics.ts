/** JSON shapes of the admin analytics endpoints (SPEC §2 Admin panel → Analytics, §7 Admin). */
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

/** GET /api/admin/video-stats. */
export type VideoStats = { totalVideos: number; totalViews: number }

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
  /** All payments ever recorded, in cents (USD, the plan's currency). */
  receivedAllTimeCents: number
  /** When these numbers were read (ISO). */
  generatedAt: string
}

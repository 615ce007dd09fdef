// Points rules beyond the §9 table: what the server awards for the activities the spec lists
// without a value, the daily caps, and the ledger descriptions (§9 wording where it gives one).
import { POINTS, type LeaderboardPeriod, type PointActivityType } from './constants'

/**
 * Points for every activity type. The §9 table's values come from POINTS unchanged; the others are
 * ours (not in the spec): first_comment 10, first_bookmark 5, profile_update 5, content_share 5,
 * age_verification 20, community_join 25. level_up is an event row worth 0 (the level is its reward).
 */
export const ACTIVITY_POINTS: Record<PointActivityType, number> = {
  ...POINTS,
  first_comment: 10,
  first_bookmark: 5,
  profile_update: 5,
  content_share: 5,
  age_verification: 20,
  community_join: 25,
  level_up: 0,
}

/**
 * Most awards of one type a member earns per day of their own time zone (not in the spec; ours).
 * Types without a cap are bounded by their idempotency key (once a day, once ever, once per item).
 */
export const DAILY_POINT_CAPS: Partial<Record<PointActivityType, number>> = {
  comment_post: 20,
  bookmark_add: 20,
  video_watch: 20,
  video_complete: 10,
  blog_read: 10,
  content_share: 5,
}

/** The activities the browser may claim through POST /api/points/award; all others are server-awarded. */
export const CLIENT_CLAIMABLE_ACTIVITIES = ['video_complete', 'blog_read', 'content_share'] as const
export type ClientClaimableActivity = (typeof CLIENT_CLAIMABLE_ACTIVITIES)[number]

/** Share of a video's length the server must have seen played (progress beats) for video_complete. */
export const VIDEO_COMPLETE_COVERAGE = 0.8
/** A post must have been open this long (seconds, server clock) before blog_read pays. */
export const BLOG_READ_MIN_SECONDS = 30
/** Streak freezes: one earned at every 7th consecutive day, at most this many held. */
export const STREAK_FREEZE_EVERY_DAYS = 7
export const STREAK_FREEZES_MAX = 2
/** A member's daily_streak pays from this streak length on. */
export const DAILY_STREAK_MIN_DAYS = 2

/** Ledger descriptions. §9 gives most; first_*, daily_streak, level_up, achievement_unlock, content_share and community_join are ours. */
export const awardDescription = (activityType: PointActivityType, detail: { title?: string; days?: number; level?: number } = {}): string => {
  const title = detail.title ?? ''
  switch (activityType) {
    case 'video_watch':
      return `Watched: ${title}`
    case 'video_complete':
      return `Completed: ${title}`
    case 'comment_post':
      return `Commented on: ${title}`
    case 'blog_read':
      return `Read: ${title}`
    case 'bookmark_add':
      return `Bookmarked: ${title}`
    case 'login':
      return 'Daily login bonus'
    case 'profile_update':
      return 'Updated profile information'
    case 'premium_subscription':
      return 'Subscribed to premium'
    case 'age_verification':
      return 'Completed age verification'
    case 'first_comment':
      return 'First comment'
    case 'first_bookmark':
      return 'First bookmark'
    case 'daily_streak':
      return `Daily streak: ${detail.days ?? 0} days`
    case 'level_up':
      return `Reached Level ${detail.level ?? 1}`
    case 'achievement_unlock':
      return `Achievement unlocked: ${title}`
    case 'content_share':
      return `Shared: ${title}`
    case 'community_join':
      return 'Joined the community'
  }
}

export type LevelRow = { level: number; pointsRequired: number }

/** The highest level whose threshold `points` reaches (levels sorted or not); 1 with no rows. */
export function levelFor(points: number, levels: readonly LevelRow[]): number {
  let best: LevelRow | null = null
  for (const row of levels) if (points >= row.pointsRequired && (!best || row.pointsRequired > best.pointsRequired)) best = row
  return best?.level ?? 1
}

/** The next level above `level` and the points still needed to reach it, or null at the top. */
export function nextLevelAfter(level: number, points: number, levels: readonly LevelRow[]) {
  const above = levels.filter((row) => row.level > level).sort((a, b) => a.level - b.level)[0]
  if (!above) return null
  return { level: above.level, pointsRequired: above.pointsRequired, pointsNeeded: Math.max(0, above.pointsRequired - points) }
}

export const isLeaderboardPeriod = (value: unknown): value is LeaderboardPeriod =>
  value === 'daily' || value === 'weekly' || value === 'monthly' || value === 'all_time'

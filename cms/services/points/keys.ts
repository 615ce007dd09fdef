// Idempotency keys: one ledger row per key, ever (unique index on point_activities.idempotency_key).
import type { DayString } from '../../../shared/time-zones'

type Id = number | string

export const awardKeys = {
  /** One per member per points day (the site's time zone). */
  login: (userId: Id, day: DayString) => `login:${userId}:${day}`,
  dailyStreak: (userId: Id, day: DayString) => `daily_streak:${userId}:${day}`,
  profileUpdate: (userId: Id, day: DayString) => `profile_update:${userId}:${day}`,
  /** One per comment. */
  comment: (commentId: Id) => `comment_post:comment:${commentId}`,
  firstComment: (userId: Id) => `first_comment:${userId}`,
  /** One per member per item, ever (removing and saving again earns nothing). */
  bookmark: (userId: Id, contentType: string, contentId: string) => `bookmark_add:${userId}:${contentType}:${contentId}`,
  firstBookmark: (userId: Id) => `first_bookmark:${userId}`,
  /** One per member per video per day. */
  videoWatch: (userId: Id, videoId: Id, day: DayString) => `video_watch:${userId}:${videoId}:${day}`,
  /** One per member per item, ever. */
  videoComplete: (userId: Id, videoId: Id) => `video_complete:${userId}:${videoId}`,
  blogRead: (userId: Id, postId: Id) => `blog_read:${userId}:${postId}`,
  /** One per member per item per day, within the daily cap. */
  contentShare: (userId: Id, contentType: string, contentId: Id, day: DayString) => `content_share:${userId}:${contentType}:${contentId}:${day}`,
  ageVerification: (userId: Id) => `age_verification:${userId}`,
  communityJoin: (userId: Id) => `community_join:${userId}`,
  /** One per subscription id (a renewal under the same id earns nothing more). */
  premiumSubscription: (subscriptionId: string) => `premium_subscription:${subscriptionId}`,
  levelUp: (userId: Id, level: number) => `level_up:${userId}:${level}`,
  achievementUnlock: (userId: Id, achievementId: Id) => `achievement_unlock:${userId}:${achievementId}`,
  /** The take-back of the row with `key`. */
  revoke: (key: string) => `revoke:${key}`,
} as const

// What points, levels and streaks show (SPEC §4 points animation tiers, §9 streak ring, level ring,
// points table). Pure: the pages render it on the server, the islands in the browser.
import { formatCount } from './format'
import { POINTS_TOAST_TIERS, STREAK_RING, type LeaderboardPeriod } from './constants'
import { ACTIVITY_POINTS } from './points'

export type PointsTier = 'top' | 'middle' | 'lowest'

/** The points animation's colour tier: 50 or more top, 25 to 49 middle, under 25 lowest (§4). */
export function pointsTier(points: number): PointsTier {
  if (points >= POINTS_TOAST_TIERS.top) return 'top'
  if (points >= POINTS_TOAST_TIERS.middle) return 'middle'
  return 'lowest'
}

export type StreakStage = 0 | 1 | 2 | 3

/**
 * The streak ring (§9): filled by days out of 30 (capped), its stage by the thresholds 7, 14, 21
 * (0 under 7 days, 3 from 21 on).
 */
export function streakRing(days: number): { fraction: number; stage: StreakStage; next: number | null } {
  const d = Number.isFinite(days) ? Math.max(0, Math.floor(days)) : 0
  const fraction = Math.min(d, STREAK_RING.maxDays) / STREAK_RING.maxDays
  const stage = STREAK_RING.thresholds.filter((t) => d >= t).length as StreakStage
  const next = STREAK_RING.thresholds.find((t) => d < t) ?? (d < STREAK_RING.maxDays ? STREAK_RING.maxDays : null)
  return { fraction, stage, next }
}

/** Share of the way from this level's threshold to the next one (1 at the top level). */
export function levelProgress(points: number, current: { pointsRequired: number } | null, next: { pointsRequired: number } | null): number {
  if (!next) return 1
  const from = current?.pointsRequired ?? 0
  const span = next.pointsRequired - from
  if (span <= 0) return 1
  return Math.min(1, Math.max(0, (points - from) / span))
}

/** Points as the site shows counts (1.2K, 3.4M). */
export const formatPoints = (points: number): string => formatCount(Math.max(0, Math.round(points)))

/** '#3', or an en dash when the member is not on that board yet. */
export const formatRank = (rank: number | null | undefined): string => (rank ? `#${rank}` : '–')

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  all_time: 'All Time',
}

/** The points table (§9 activities first, in its order and wording, then the ones the site adds). */
export const EARN_POINTS_ROWS: readonly { activity: string; points: number; note?: string }[] = [
  { activity: 'Daily login', points: ACTIVITY_POINTS.login },
  { activity: 'Watch a video', points: ACTIVITY_POINTS.video_watch },
  { activity: 'Complete a video', points: ACTIVITY_POINTS.video_complete },
  { activity: 'Comment', points: ACTIVITY_POINTS.comment_post },
  { activity: 'Read a blog post', points: ACTIVITY_POINTS.blog_read },
  { activity: 'Bookmark', points: ACTIVITY_POINTS.bookmark_add },
  { activity: 'Daily streak', points: ACTIVITY_POINTS.daily_streak, note: 'From the second day in a row' },
  { activity: 'Premium subscription', points: ACTIVITY_POINTS.premium_subscription },
  { activity: 'Unlock an achievement', points: ACTIVITY_POINTS.achievement_unlock },
  { activity: 'Join the community', points: ACTIVITY_POINTS.community_join, note: 'Once' },
  { activity: 'Verify your age', points: ACTIVITY_POINTS.age_verification, note: 'Once' },
  { activity: 'First comment', points: ACTIVITY_POINTS.first_comment, note: 'Bonus, once' },
  { activity: 'First bookmark', points: ACTIVITY_POINTS.first_bookmark, note: 'Bonus, once' },
  { activity: 'Update your profile', points: ACTIVITY_POINTS.profile_update, note: 'Once a day' },
  { activity: 'Share a video or post', points: ACTIVITY_POINTS.content_share },
]

export const RARITY_LABEL: Record<string, string> = { legendary: 'Legendary', epic: 'Epic', rare: 'Rare', common: 'Common' }

/** Which of the ten level colours a level gets (levels above 10 keep the top one). */
export const levelColorIndex = (level: number): number => Math.min(10, Math.max(1, Math.floor(level) || 1)) - 1

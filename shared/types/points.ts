/** JSON shapes of the points API (SPEC §3 Points award response, User stats, Leaderboard entry; §7). */
import type { PointActivityType, Rarity } from '../constants'

/** An unlocked achievement as the overlay shows it. */
export type UnlockedAchievement = {
  id: number
  name: string
  title: string
  description: string
  icon: string | null
  color: string | null
  rarity: Rarity
  category: string
}

/** POST /api/points/award, and the `award` field of the actions that earn points (comment, bookmark, view…). */
export type PointsAward = {
  pointsAwarded: number
  levelUp: boolean
  /** The level reached when levelUp is true; otherwise null. */
  newLevel: number | null
  /** The first achievement this award unlocked, or null. */
  achievementUnlocked: UnlockedAchievement | null
}

export type UserStats = {
  level: number
  points: number
  streak: number
  totalPointsEarned: number
  achievements: { achievement: { id: number; title: string; description: string; rarity: Rarity }; unlockedAt: string }[]
  nextLevel: { level: number; pointsRequired: number; pointsNeeded: number } | null
  rank: { daily: number | null; weekly: number | null; monthly: number | null; allTime: number | null }
}

export type AchievementView = {
  id: number
  name: string
  /** null for a secret achievement the viewer has not unlocked. */
  title: string | null
  description: string | null
  icon: string | null
  color: string | null
  rarity: Rarity
  category: string
  activityType: string | null
  targetCount: number | null
  isSecret: boolean
  points: number
  /** Members only. */
  isUnlocked?: boolean
  unlockedAt?: string | null
  progress?: number
}

export type RecentActivity = {
  id: number
  activityType: PointActivityType
  points: number
  description: string
  contentType: string | null
  contentId: string | null
  createdAt: string
}

export type LeaderboardRow = {
  rank: number
  points: number
  user: { id: number; username: string; memberNumber: number | null; badges: string[] }
}

export type WeeklyLeaderboardRow = { userId: number; username: string; level: number; points: number }

// What an award writes, worked out from the member's locked state before anything is written:
// pure, so the rounds of level-ups and unlocks are unit-tested without a database.
import { ACTIVITY_POINTS, awardDescription } from '../../../shared/points'
import type { DayString } from '../../../shared/time-zones'
import type { UnlockedAchievement } from '../../../shared/types/points'
import { measureAchievement, type AchievementRule } from './achievement-rules'
import { awardKeys } from './keys'
import type { LedgerRow, LockedMember } from './ledger'
import { levelAfter, type LevelRow } from './levels'
import { advanceStreak, type StreakStep } from './streaks'

export type PendingAchievement = AchievementRule & UnlockedAchievement & { progress: number }

/** The member as the award reads them (locked): their row, the achievements not unlocked yet, net counts, the level table. */
export type MemberState = LockedMember & {
  pending: PendingAchievement[]
  /** Net awards per activity type the pending achievements count (a take-back counts −1). */
  activityCounts: Record<string, number>
  levels: LevelRow[]
}

export type PlannedRow = Omit<LedgerRow, 'userId' | 'createdAt'>

export type AwardPlan = {
  /** The award's own row first, then daily_streak, level_up and achievement_unlock rows. */
  rows: PlannedRow[]
  /** Achievement progress that changed (met ones unlock). */
  progress: { achievementId: number; progress: number; met: boolean }[]
  unlocked: UnlockedAchievement[]
  level: number
  levelUp: boolean
  streak: StreakStep
}

/** Payouts of achievements unlocked in one award can unlock more (points, levels); this bounds the chain. */
export const MAX_UNLOCK_ROUNDS = 5

/**
 * The rows of an award whose own row is `first`, on the member's `today`: the streak step
 * (daily_streak on a new streak day from the second on), level_up rows for every level crossed,
 * and achievement unlocks (each paying achievement_unlock), repeated while payouts unlock more.
 */
export function planAward(member: MemberState, first: PlannedRow, today: DayString): AwardPlan {
  const rows: PlannedRow[] = []
  const counts = { ...member.activityCounts }
  const record = (row: PlannedRow) => {
    rows.push(row)
    counts[row.activityType] = (counts[row.activityType] ?? 0) + Math.sign(row.points)
  }
  record(first)

  const streak = advanceStreak({ streak: member.streak, freezes: member.streakFreezes, lastDay: member.lastStreakDay }, today)
  if (streak.counted && streak.paysDailyStreak) {
    record({
      activityType: 'daily_streak',
      points: ACTIVITY_POINTS.daily_streak,
      description: awardDescription('daily_streak', { days: streak.streak }),
      metadata: { streak: streak.streak, freezesSpent: streak.freezesSpent },
      idempotencyKey: awardKeys.dailyStreak(member.id, today),
    })
  }

  const earned = () => rows.reduce((sum, row) => sum + row.points, 0)
  let pending = member.pending
  const progress = new Map<number, { achievementId: number; progress: number; met: boolean }>()
  const unlocked: UnlockedAchievement[] = []
  let level = member.level
  let levelUp = false
  for (let round = 0; round < MAX_UNLOCK_ROUNDS; round++) {
    const reached = levelAfter(level, member.points + earned(), member.levels)
    for (let next = level + 1; next <= reached; next++) {
      // An event row: the level is the reward, so it carries 0 points (the spec lists no level_up value).
      record({ activityType: 'level_up', points: 0, description: awardDescription('level_up', { level: next }), metadata: { level: next }, idempotencyKey: awardKeys.levelUp(member.id, next) })
    }
    if (reached > level) levelUp = true
    level = reached
    const facts = { activityCounts: counts, streak: streak.streak, level, totalPointsEarned: member.totalPointsEarned + earned(), memberNumber: member.memberNumber }
    const metNow: PendingAchievement[] = []
    for (const achievement of pending) {
      const measured = measureAchievement(achievement, facts)
      const stored = progress.get(achievement.id)?.progress ?? achievement.progress
      if (measured.met) metNow.push(achievement)
      if (measured.met || measured.progress !== stored) progress.set(achievement.id, { achievementId: achievement.id, ...measured })
    }
    if (metNow.length === 0) break
    pending = pending.filter((achievement) => !metNow.includes(achievement))
    for (const achievement of metNow) {
      const { id, name, title, description, icon, color, rarity, category } = achievement
      unlocked.push({ id, name, title, description, icon, color, rarity, category })
      record({
        activityType: 'achievement_unlock',
        points: ACTIVITY_POINTS.achievement_unlock,
        contentType: 'achievement',
        contentId: String(id),
        description: awardDescription('achievement_unlock', { title }),
        metadata: { achievement: name },
        idempotencyKey: awardKeys.achievementUnlock(member.id, id),
      })
    }
  }
  // Progress written only when it moved from what is stored (an unchanged round-trip is dropped).
  const changed = [...progress.values()].filter((p) => p.met || p.progress !== member.pending.find((a) => a.id === p.achievementId)?.progress)
  return { rows, progress: changed, unlocked, level, levelUp, streak }
}

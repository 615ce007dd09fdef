// What unlocks an achievement: pure, so the rules are unit-tested without a database.
export const ACHIEVEMENT_METRICS = ['activity_count', 'streak', 'level', 'total_points', 'member_number'] as const
export type AchievementMetric = (typeof ACHIEVEMENT_METRICS)[number]

export type AchievementRule = {
  metric: AchievementMetric | string | null
  activityType?: string | null
  targetCount?: number | null
  pointsRequired?: number | null
}

/** What is known of the member right after an award. */
export type MemberFacts = {
  /** Net awards per activity type (a take-back subtracts one). */
  activityCounts: Record<string, number>
  streak: number
  level: number
  totalPointsEarned: number
  memberNumber: number | null
}

/** The member's progress towards `rule` (in the rule's own unit) and whether it is met. */
export function measureAchievement(rule: AchievementRule, facts: MemberFacts): { progress: number; met: boolean } {
  const target = Math.max(1, rule.targetCount ?? 1)
  switch (rule.metric) {
    case 'streak':
      return { progress: facts.streak, met: facts.streak >= target }
    case 'level':
      return { progress: facts.level, met: facts.level >= target }
    case 'total_points': {
      const needed = Math.max(1, rule.pointsRequired ?? target)
      return { progress: facts.totalPointsEarned, met: facts.totalPointsEarned >= needed }
    }
    case 'member_number': {
      const met = facts.memberNumber !== null && facts.memberNumber >= 1 && facts.memberNumber <= target
      return { progress: met ? 1 : 0, met }
    }
    case 'activity_count':
    default: {
      const count = rule.activityType ? Math.max(0, facts.activityCounts[rule.activityType] ?? 0) : 0
      return { progress: count, met: Boolean(rule.activityType) && count >= target }
    }
  }
}

/** The activity types whose counts the pending rules need. */
export const activityTypesOf = (rules: readonly AchievementRule[]): string[] => [
  ...new Set(rules.filter((r) => (r.metric ?? 'activity_count') === 'activity_count' && r.activityType).map((r) => r.activityType!)),
]

// The points domain: ledger, levels, streaks, achievements, leaderboards (terms in README.md).
export { awardPoints, revokeAward, NO_AWARD, type AwardInput } from './award'
export {
  awardForAgeVerification,
  awardForBookmark,
  awardForComment,
  awardForJoining,
  awardForProfileUpdate,
  awardForView,
  awardPremiumSubscription,
  combineAwards,
  revokeCommentAward,
} from './events'
export { awardDailyLogin, forgetDailyLogins } from './daily-login'
export { claimAward, recordPostOpened, recordProgress, type ProgressResult } from './evidence'
export { getLeaderboard, getWeeklyLeaderboard, LEADERBOARD_SIZE } from './leaderboards'
export { rankOf } from './ranks'
export { getRecentActivities, getUserStats, listAchievements, setTimeZone } from './stats'
export { listLevels, type LevelView } from './levels'
export { ensureGamificationCatalogue } from './catalogue'
export { periodBounds, systemClock } from './clock'
export { awardKeys } from './keys'
export { inTransaction } from '../db/transactions'

// The one way points are earned or taken back (terms in README.md).
import type { Payload, PayloadRequest } from 'payload'

import type { PointActivityType } from '../../../shared/constants'
import { ACTIVITY_POINTS, DAILY_POINT_CAPS, awardDescription } from '../../../shared/points'
import { dayIn, startOfDay } from '../../../shared/time-zones'
import type { PointsAward, UnlockedAchievement } from '../../../shared/types/points'
import { forgetSessionsOf } from '../cache/session-cache'
import { afterTransactionEnds } from '../cache/transaction-end'
import { notFound } from '../errors'
import { checkAchievements } from './achievements'
import { systemClock } from './clock'
import { awardKeys } from './keys'
import {
  addToLeaderboards,
  countAwardsSince,
  findLedgerRow,
  insertLedgerRow,
  lockMember,
  updateMemberTotals,
  type LedgerRow,
  type LockedMember,
} from './ledger'
import { forgetBoards } from './leaderboards'
import { levelAfter, loadLevels } from './levels'
import { advanceStreak } from './streaks'
import { transactionDb, type Db } from '../db/transactions'

export const NO_AWARD: PointsAward = Object.freeze({ pointsAwarded: 0, levelUp: false, newLevel: null, achievementUnlocked: null })

export type AwardInput = {
  user: number | { id: number }
  activityType: PointActivityType
  idempotencyKey: string
  contentType?: string | null
  contentId?: string | null
  /** The item's title, for the §9 description ('Watched: {title}'). */
  title?: string
  /** Overrides the §9 description. */
  description?: string
  metadata?: Record<string, unknown>
  /** The transaction the event is written in; the award commits or rolls back with it. */
  req: PayloadRequest
  /** The clock (tests pass a fixed one). */
  now?: Date
}

/** Payouts of achievements unlocked in one award can unlock more (points, levels); this bounds the chain. */
const MAX_UNLOCK_ROUNDS = 5

const userIdOf = (user: AwardInput['user']) => (typeof user === 'object' ? user.id : user)

/** Whether the daily cap of `activityType` is used up for the member's local day. */
async function capReached(db: Db, member: LockedMember, activityType: PointActivityType, now: Date): Promise<boolean> {
  const cap = DAILY_POINT_CAPS[activityType]
  if (cap === undefined) return false
  const since = startOfDay(dayIn(now, member.timeZone), member.timeZone)
  return (await countAwardsSince(db, member.id, activityType, since)) >= cap
}

/**
 * Awards `activityType` to a member once per idempotency key, inside the caller's transaction
 * (`req`): the ledger row, the member's points / total / level / streak, the period totals, a
 * daily_streak on a new streak day, level_up rows and achievement unlocks (each paying
 * achievement_unlock) all commit or roll back with the event. A repeated key, or a used-up daily
 * cap, awards nothing and changes nothing.
 */
export async function awardPoints(payload: Payload, input: AwardInput): Promise<PointsAward> {
  const { req, activityType } = input
  const now = input.now ?? systemClock()
  const db = await transactionDb(payload, req)
  if ((await req.transactionID) === undefined) {
    payload.logger.warn({ event: 'points_award_without_transaction', activityType }, 'points awarded outside a transaction')
  }
  const member = await lockMember(db, userIdOf(input.user))
  if (!member) throw notFound('Member not found.')
  if (await capReached(db, member, activityType, now)) {
    payload.logger.info({ event: 'points_cap_reached', userId: member.id, activityType }, 'daily points cap reached')
    return NO_AWARD
  }

  const rows: LedgerRow[] = []
  const record = async (row: Omit<LedgerRow, 'userId' | 'createdAt'>) => {
    const id = await insertLedgerRow(db, { ...row, userId: member.id, createdAt: now })
    if (id !== null) rows.push({ ...row, userId: member.id, createdAt: now })
    return id !== null
  }

  const first = await record({
    activityType,
    points: ACTIVITY_POINTS[activityType],
    contentType: input.contentType ?? null,
    contentId: input.contentId ?? null,
    description: input.description ?? awardDescription(activityType, { title: input.title }),
    metadata: input.metadata ?? null,
    idempotencyKey: input.idempotencyKey,
  })
  if (!first) return NO_AWARD

  const today = dayIn(now, member.timeZone)
  const streak = advanceStreak({ streak: member.streak, freezes: member.streakFreezes, lastDay: member.lastStreakDay }, today)
  if (streak.counted && streak.paysDailyStreak) {
    await record({
      activityType: 'daily_streak',
      points: ACTIVITY_POINTS.daily_streak,
      description: awardDescription('daily_streak', { days: streak.streak }),
      metadata: { streak: streak.streak, freezesSpent: streak.freezesSpent },
      idempotencyKey: awardKeys.dailyStreak(member.id, today),
    })
  }

  const levels = await loadLevels(db)
  const earned = () => rows.reduce((sum, row) => sum + row.points, 0)
  let level = member.level
  let levelUp = false
  const unlockedAll: UnlockedAchievement[] = []
  for (let round = 0; round < MAX_UNLOCK_ROUNDS; round++) {
    const reached = levelAfter(level, member.points + earned(), levels)
    for (let next = level + 1; next <= reached; next++) {
      // An event row: the level is the reward, so it carries 0 points (the spec lists no level_up value).
      await record({ activityType: 'level_up', points: 0, description: awardDescription('level_up', { level: next }), metadata: { level: next }, idempotencyKey: awardKeys.levelUp(member.id, next) })
    }
    if (reached > level) levelUp = true
    level = reached
    const unlocked = await checkAchievements(
      db,
      member.id,
      { streak: streak.streak, level, totalPointsEarned: member.totalPointsEarned + earned(), memberNumber: member.memberNumber },
      now,
    )
    if (unlocked.length === 0) break
    for (const achievement of unlocked) {
      const paid = await record({
        activityType: 'achievement_unlock',
        points: ACTIVITY_POINTS.achievement_unlock,
        contentType: 'achievement',
        contentId: String(achievement.id),
        description: awardDescription('achievement_unlock', { title: achievement.title }),
        metadata: { achievement: achievement.name },
        idempotencyKey: awardKeys.achievementUnlock(member.id, achievement.id),
      })
      if (paid) unlockedAll.push(achievement)
    }
  }

  const total = earned()
  await updateMemberTotals(db, member.id, {
    pointsDelta: total,
    earnedDelta: total,
    level,
    streak: streak.streak,
    streakFreezes: streak.freezes,
    lastStreakDay: streak.lastDay,
    activityAt: now,
  })
  await addToLeaderboards(db, member.id, total, now)
  forgetMemberCaches(req, member.id)
  payload.logger.info({ event: 'points_awarded', userId: member.id, activityType, points: total, level, levelUp }, 'points awarded')
  return { pointsAwarded: total, levelUp, newLevel: levelUp ? level : null, achievementUnlocked: unlockedAll[0] ?? null }
}

/**
 * The header's level chip and /api/auth/me read the member through the session cache, the boards
 * through theirs: drop the member's sessions and the boards now and when the transaction ends.
 */
function forgetMemberCaches(req: PayloadRequest, userId: number) {
  const forget = () => {
    forgetSessionsOf(userId)
    forgetBoards()
  }
  forget()
  void afterTransactionEnds(req, forget)
}

/**
 * Takes back the award recorded under `idempotencyKey` (a removed comment): a negative ledger row
 * (once), the member's points and total lowered (never below 0) and the same amount taken from
 * the period totals the award went into. Levels and achievements already reached are kept.
 * Returns the points taken back (0 when there was nothing to take back).
 */
export async function revokeAward(
  payload: Payload,
  { idempotencyKey, reason, req, now = systemClock() }: { idempotencyKey: string; reason: string; req: PayloadRequest; now?: Date },
): Promise<number> {
  const db = await transactionDb(payload, req)
  const original = await findLedgerRow(db, idempotencyKey)
  if (!original || original.points <= 0) return 0
  const member = await lockMember(db, original.userId)
  if (!member) return 0
  const inserted = await insertLedgerRow(db, {
    userId: member.id,
    activityType: original.activityType,
    points: -original.points,
    contentType: original.contentType,
    contentId: original.contentId,
    description: `Taken back: ${original.description}`,
    metadata: { revokes: original.id, reason },
    idempotencyKey: awardKeys.revoke(idempotencyKey),
    createdAt: now,
  })
  if (inserted === null) return 0
  await updateMemberTotals(db, member.id, {
    pointsDelta: -original.points,
    earnedDelta: -original.points,
    level: member.level,
    streak: member.streak,
    streakFreezes: member.streakFreezes,
    lastStreakDay: member.lastStreakDay,
    activityAt: null,
  })
  await addToLeaderboards(db, member.id, -original.points, original.createdAt, now)
  forgetMemberCaches(req, member.id)
  payload.logger.info({ event: 'points_revoked', userId: member.id, activityType: original.activityType, points: -original.points, reason }, 'points taken back')
  return original.points
}

// The one way points are earned or taken back (terms in README.md).
import type { Payload, PayloadRequest } from 'payload'

import type { PointActivityType } from '../../../shared/constants'
import { ACTIVITY_POINTS, DAILY_POINT_CAPS, awardDescription } from '../../../shared/points'
import { dayIn, startOfDay } from '../../../shared/time-zones'
import type { PointsAward } from '../../../shared/types/points'
import { forgetSessionsOf, memberChanged, updateSessionsOf } from '../cache/session-cache'
import type { User } from '../../payload-types'
import { afterTransactionEnds } from '../cache/transaction-end'
import { notFound } from '../errors'
import { pointsTimeZone, systemClock } from './clock'
import { awardKeys } from './keys'
import { addToLeaderboards, findLedgerRow, insertLedgerRow, lockMember, updateMemberTotals } from './ledger'
import { planAward } from './award-plan'
import { readMemberState, writeAward } from './award-sql'
import { forgetBoards } from './leaderboards'
import { lockMemberRow } from '../db/member-transaction'
import { transactionDb } from '../db/transactions'

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

const userIdOf = (user: AwardInput['user']) => (typeof user === 'object' ? user.id : user)

/**
 * Awards `activityType` to a member once per idempotency key, inside the caller's transaction
 * (`req`): the ledger row, the member's points / total / level / streak, the period totals, a
 * daily_streak on a new streak day, level_up rows and achievement unlocks (each paying
 * achievement_unlock) all commit or roll back with the event. A repeated key, or a used-up daily
 * cap, awards nothing and changes nothing. The member's row locked (callers that write rows
 * referencing the member lock it before those: inMemberTransaction), their state read under the
 * lock (award-sql.ts), then every write at once, planned from that state (award-plan.ts).
 */
export async function awardPoints(payload: Payload, input: AwardInput): Promise<PointsAward> {
  const { req, activityType } = input
  const now = input.now ?? systemClock()
  const db = await transactionDb(payload, req)
  if ((await req.transactionID) === undefined) {
    payload.logger.warn({ event: 'points_award_without_transaction', activityType }, 'points awarded outside a transaction')
  }
  const cap = DAILY_POINT_CAPS[activityType]
  const userId = userIdOf(input.user)
  // The lock first, in a statement of its own; the state (and the cap's count) in the next one,
  // whose snapshot includes every award that held the lock before (award-sql.ts).
  if (!(await lockMemberRow(db, userId))) throw notFound('Member not found.')
  const read = await readMemberState(db, userId, cap === undefined ? null : activityType, now)
  if (!read) throw notFound('Member not found.')
  const { state: member, recentOfType } = read
  const zone = pointsTimeZone()
  const today = dayIn(now, zone)
  if (cap !== undefined) {
    const since = startOfDay(today, zone).getTime()
    if (recentOfType.filter((at) => at.getTime() >= since).length >= cap) {
      payload.logger.info({ event: 'points_cap_reached', userId: member.id, activityType }, 'daily points cap reached')
      return NO_AWARD
    }
  }

  const plan = planAward(
    member,
    {
      activityType,
      points: ACTIVITY_POINTS[activityType],
      contentType: input.contentType ?? null,
      contentId: input.contentId ?? null,
      description: input.description ?? awardDescription(activityType, { title: input.title }),
      metadata: input.metadata ?? null,
      idempotencyKey: input.idempotencyKey,
    },
    today,
  )
  const written = await writeAward(db, member.id, plan, now)
  if (!written.awarded) return NO_AWARD
  await refreshMemberCaches(req, member.id, {
    points: Math.max(member.points + written.points, 0),
    totalPointsEarned: Math.max(member.totalPointsEarned + written.points, 0),
    level: plan.level,
    streak: plan.streak.streak,
    streakFreezes: plan.streak.freezes,
    lastStreakDay: plan.streak.lastDay,
    lastActivityAt: now.toISOString(),
  })
  const { level, levelUp } = plan
  payload.logger.info({ event: 'points_awarded', userId: member.id, activityType, points: written.points, level, levelUp }, 'points awarded')
  return { pointsAwarded: written.points, levelUp, newLevel: levelUp ? level : null, achievementUnlocked: plan.unlocked[0] ?? null }
}

/**
 * The header's level chip and /api/auth/me read the member through the session cache: once the
 * award commits, the member's remembered sessions get the new points columns (so their next
 * request need not read the user row again); a rollback forgets them. Boards are read afresh.
 */
async function refreshMemberCaches(req: PayloadRequest, userId: number, columns: Partial<User>) {
  const refresh = (committed: boolean) => {
    if (committed) updateSessionsOf(userId, columns)
    else forgetSessionsOf(userId)
    forgetBoards()
    // The other processes re-read the member's sessions (their header, the parts' key) and boards.
    if (committed) void memberChanged(userId)
  }
  if (!(await afterTransactionEnds(req, refresh))) refresh(true)
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
  const ended = (committed: boolean) => {
    forget()
    if (committed) void memberChanged(userId)
  }
  void afterTransactionEnds(req, ended).then((deferred) => {
    if (!deferred) void memberChanged(userId)
  })
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

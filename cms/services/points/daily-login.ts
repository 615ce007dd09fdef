// The daily login bonus, given on a member's first signed-in request of their day.
import type { Payload } from 'payload'

import { dayIn } from '../../../shared/time-zones'
import type { PointsAward } from '../../../shared/types/points'
import { awardPoints, NO_AWARD } from './award'
import { pointsTimeZone, systemClock } from './clock'
import { awardKeys } from './keys'
import { inMemberTransaction } from '../db/member-transaction'

/**
 * Member-days already given (or tried) in this process, so only a member's first request of the
 * day touches the database. Not a shared store on purpose: the ledger's unique key is the truth,
 * so a second server instance costs one more no-op insert per member-day, never a second bonus.
 */
type Memo = { day: string; keys: Set<string> }
const MEMO_KEY = Symbol.for('app.points.dailyLoginMemo')
const MEMO_MAX = 200_000

function memo(): Memo {
  const global = globalThis as Record<symbol, Memo | undefined>
  return (global[MEMO_KEY] ??= { day: '', keys: new Set() })
}

/** Forgets what this process remembers (tests). */
export const forgetDailyLogins = () => memo().keys.clear()

/** login (5, 'Daily login bonus') once per member per points day (the site's zone, whatever the member's). Never throws: a failure is logged and retried on a later request. */
export async function awardDailyLogin(payload: Payload, user: { id: number; timeZone?: string | null }, now: Date = systemClock()): Promise<PointsAward> {
  const day = dayIn(now, pointsTimeZone())
  const key = awardKeys.login(user.id, day)
  const remembered = memo()
  const utcDay = now.toISOString().slice(0, 10)
  if (remembered.day !== utcDay || remembered.keys.size > MEMO_MAX) {
    remembered.day = utcDay
    remembered.keys.clear()
  }
  if (remembered.keys.has(key)) return NO_AWARD
  remembered.keys.add(key)
  try {
    return await inMemberTransaction(payload, user.id, (req) => awardPoints(payload, { user, req, now, activityType: 'login', idempotencyKey: key }))
  } catch (error) {
    remembered.keys.delete(key)
    payload.logger.warn({ err: error, event: 'daily_login_award_failed', userId: user.id }, 'daily login bonus failed')
    return NO_AWARD
  }
}

// Points with a fixed clock, through the Local API in this process (the server cannot take a
// Clock): leaderboard period boundaries in the site's zone, ties, streaks and freezes across
// days, the site's zone for every member and a DST change, daily caps, Premium once per subscription, take-backs.
import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import type { PointActivityType } from '../../shared/constants'
import { rowsOfType } from './points-helpers'
import { sql } from './sql'

type Points = typeof import('../../cms/services/points')
let payload: Payload
let points: Points
let closePayload: (p: Payload | undefined) => Promise<void>
const run = randomBytes(3).toString('hex')

beforeAll(async () => {
  process.env.DATABASE_URL = inject('databaseUrl')
  process.env.PAYLOAD_SECRET ??= `points-clock-${run}`
  process.env.DATABASE_POOL_MAX = '4'
  // As in production (the server): the dev-only version check flags the pinned SEO plugin.
  process.env.PAYLOAD_DISABLE_DEPENDENCY_CHECKER = 'true'
  const [{ getPayload }, { default: config }, server] = await Promise.all([import('payload'), import('../../payload.config'), import('../../server/payload')])
  payload = await getPayload({ config })
  closePayload = server.closePayload
  points = await import('../../cms/services/points')
})

afterAll(async () => {
  await closePayload?.(payload)
})

/**
 * A member in `timeZone`, with Founding Member already unlocked (early test members qualify), so
 * the sums below are the activities' own.
 */
async function member(timeZone?: string) {
  const { createMember } = await import('../../cms/services/auth/register')
  const user = await createMember(payload, { username: `clock_${run}_${randomBytes(3).toString('hex')}`, password: 'correct-horse-9', dateOfBirth: '1990-01-01' })
  await sql('update users set time_zone = $2 where id = $1', [user.id, timeZone ?? null])
  await sql(
    "insert into user_achievements (user_id, achievement_id, progress, unlocked_at) select $1, id, 1, now() from achievements where name = 'founding_member'",
    [user.id],
  )
  return { id: user.id, timeZone: timeZone ?? null }
}

const award = (user: { id: number }, activityType: PointActivityType, key: string, now: Date) =>
  points.inTransaction(payload, (req) => points.awardPoints(payload, { user, activityType, idempotencyKey: `${run}:${key}`, req, now }))

const boardPoints = async (period: 'daily' | 'weekly' | 'monthly' | 'all_time', now: Date, userId: number) =>
  (await points.getLeaderboard(payload, { period, now })).find((row) => row.user.id === userId)?.points ?? 0

describe('leaderboard periods (America/New_York; weeks start Monday)', () => {
  it('a point at 23:59:59 on Sunday and one at 00:00 on Monday land in different days and weeks', async () => {
    const m = await member()
    const sunday = new Date('2030-06-02T23:59:59-04:00')
    const monday = new Date('2030-06-03T00:00:00-04:00')
    expect((await award(m, 'login', 'sun', sunday)).pointsAwarded).toBe(5)
    // Monday is the streak's second day: 5 and the daily streak bonus (50).
    expect((await award(m, 'login', 'mon', monday)).pointsAwarded).toBe(55)
    expect(await boardPoints('daily', sunday, m.id)).toBe(5)
    expect(await boardPoints('daily', monday, m.id)).toBe(55)
    expect(await boardPoints('weekly', sunday, m.id)).toBe(5)
    expect(await boardPoints('weekly', new Date('2030-06-09T23:00:00-04:00'), m.id)).toBe(55) // the next Sunday, same week as Monday
    expect(await boardPoints('monthly', monday, m.id)).toBe(60)
    // The all-time board is shared with every other test's members (its top 50 may not reach this
    // one): the member's own all-time entry holds both days.
    const [allTime] = await sql("select points from leaderboard_entries where user_id = $1 and period = 'all_time'", [m.id])
    expect(Number(allTime!.points)).toBeGreaterThanOrEqual(60)
    expect((await points.getWeeklyLeaderboard(payload, { now: monday })).find((row) => row.userId === m.id)).toMatchObject({ points: 55, level: 1 })
    const [row] = await sql("select period_start, period_end from leaderboard_entries where user_id = $1 and period = 'weekly' order by period_start", [m.id])
    expect(new Date(row!.period_start).toISOString()).toBe('2030-05-27T04:00:00.000Z')
    expect(new Date(row!.period_end).toISOString()).toBe('2030-06-03T04:00:00.000Z')
  })

  it('equal totals rank by who reached them first; ranks are 1, 2, 3 without gaps', async () => {
    const [a, b] = [await member(), await member()]
    const day = (hour: number) => new Date(`2030-07-09T${String(hour).padStart(2, '0')}:00:00-04:00`)
    await award(b, 'content_share', 'tie-b', day(9))
    await award(a, 'content_share', 'tie-a', day(10))
    const ranks = async () => (await points.getLeaderboard(payload, { period: 'daily', now: day(12) })).filter((r) => [a.id, b.id].includes(r.user.id)).map((r) => [r.user.id, r.rank, r.points])
    expect(await ranks()).toEqual([[b.id, 1, 5], [a.id, 2, 5]])
    await award(a, 'content_share', 'tie-a2', day(11))
    expect(await ranks()).toEqual([[a.id, 1, 10], [b.id, 2, 5]])
    const stats = await points.getUserStats(payload, { userId: b.id, now: day(12) })
    expect(stats.rank.daily).toBe(2)
    // Far down a board the rank comes from a snapshot of its order: the same answer.
    const db = (payload.db as unknown as { drizzle: Parameters<Points['rankOf']>[0] }).drizzle
    expect(await points.rankOf(db, a.id, 'daily', day(12), 0)).toBe(1)
    expect(await points.rankOf(db, b.id, 'daily', day(12), 0)).toBe(2)
  })

  it('a take-back comes off the periods the award went into', async () => {
    const m = await member()
    const sunday = new Date('2030-06-16T20:00:00-04:00')
    const monday = new Date('2030-06-17T09:00:00-04:00')
    const commentId = 900_000_000 + m.id
    await points.inTransaction(payload, (req) => points.awardPoints(payload, { user: m, activityType: 'comment_post', idempotencyKey: points.awardKeys.comment(commentId), req, now: sunday }))
    await award(m, 'login', 'mon-revoke', monday)
    const mondayWeek = await boardPoints('weekly', monday, m.id)
    const sundayWeek = await boardPoints('weekly', sunday, m.id) // 15 and the First Words achievement (30)
    expect(sundayWeek).toBe(45)
    expect(await points.inTransaction(payload, (req) => points.revokeCommentAward(payload, { req, commentId, now: monday }))).toBe(15)
    expect(await boardPoints('weekly', sunday, m.id)).toBe(30)
    expect(await boardPoints('weekly', monday, m.id)).toBe(mondayWeek)
    expect(await points.inTransaction(payload, (req) => points.revokeCommentAward(payload, { req, commentId, now: monday }))).toBe(0)
  })
})

describe('streaks, freezes and the daily streak bonus', () => {
  it('7 days earn a freeze; one missed day spends it; two missed days restart the streak', async () => {
    const m = await member()
    const noon = (day: number) => new Date(`2030-08-${String(day).padStart(2, '0')}T12:00:00-04:00`)
    const results = []
    for (let day = 1; day <= 7; day++) results.push(await award(m, 'content_share', `streak-${day}`, noon(day)))
    expect(await rowsOfType(m.id, 'daily_streak')).toHaveLength(6)
    expect(results.some((r) => r.levelUp && r.newLevel === 2)).toBe(true)
    expect(results[6]!.achievementUnlocked).toMatchObject({ name: 'streak_7', title: 'Week Warrior' })
    let [row] = await sql('select streak::int, streak_freezes::int as freezes, last_streak_day from users where id = $1', [m.id])
    expect(row).toMatchObject({ streak: 7, freezes: 1, last_streak_day: '2030-08-07' })

    await award(m, 'content_share', 'streak-9', noon(9)) // the 8th missed: the freeze covers it
    ;[row] = await sql('select streak::int, streak_freezes::int as freezes from users where id = $1', [m.id])
    expect(row).toMatchObject({ streak: 8, freezes: 0 })
    expect((await points.getUserStats(payload, { userId: m.id, now: noon(10) })).streak).toBe(8)
    expect((await points.getUserStats(payload, { userId: m.id, now: noon(11) })).streak).toBe(0)

    const restart = await award(m, 'content_share', 'streak-12', noon(12))
    expect(restart.pointsAwarded).toBe(5) // no daily streak bonus on day 1
    ;[row] = await sql('select streak::int from users where id = $1', [m.id])
    expect(row!.streak).toBe(1)
    expect(await rowsOfType(m.id, 'daily_streak')).toHaveLength(7)
    const [levelUps] = await sql("select count(*)::int as n, min(points)::int as points from point_activities where user_id = $1 and activity_type = 'level_up'", [m.id])
    expect(levelUps).toMatchObject({ n: expect.any(Number), points: 0 })
  })

  it('days are the site’s (New York) for every member, across midnight and the end of DST', async () => {
    const ny = await member('America/New_York')
    // 3 November 2030: clocks go back at 02:00, so 00:30 EDT and 23:30 EST are the same (25-hour) day.
    expect((await points.awardDailyLogin(payload, ny, new Date('2030-11-03T00:30:00-04:00'))).pointsAwarded).toBe(5)
    expect((await points.awardDailyLogin(payload, ny, new Date('2030-11-03T23:30:00-05:00'))).pointsAwarded).toBe(0)
    expect((await points.awardDailyLogin(payload, ny, new Date('2030-11-04T00:10:00-05:00'))).pointsAwarded).toBe(55)
    expect((await rowsOfType(ny.id, 'login')).map((r) => r.idempotency_key)).toEqual([`login:${ny.id}:2030-11-03`, `login:${ny.id}:2030-11-04`])

    // Tokyo's midnight is 10:00 in New York: the same points day on either side of it. A member's
    // own zone never moves their day (a zone change would otherwise open a second one).
    const tokyo = await member('Asia/Tokyo')
    expect((await points.awardDailyLogin(payload, tokyo, new Date('2030-11-04T14:59:00Z'))).pointsAwarded).toBe(5) // 23:59 in Tokyo
    expect((await points.awardDailyLogin(payload, tokyo, new Date('2030-11-04T15:01:00Z'))).pointsAwarded).toBe(0) // 00:01 the next day there
    expect((await points.awardDailyLogin(payload, tokyo, new Date('2030-11-05T05:01:00Z'))).pointsAwarded).toBe(55) // 00:01 in New York
    expect((await rowsOfType(tokyo.id, 'login')).map((r) => r.idempotency_key)).toEqual([`login:${tokyo.id}:2030-11-04`, `login:${tokyo.id}:2030-11-05`])
  })

  it('a member whose zone is ahead of the site’s gets one login bonus and no streak day in the site’s evening', async () => {
    // 19:30 in New York is 01:30 the next day in Berlin and Lagos.
    const evening = new Date('2030-11-20T19:30:00-05:00')
    const joined = await member()
    expect((await points.awardDailyLogin(payload, joined, evening)).pointsAwarded).toBe(5)
    for (const zone of ['Europe/Berlin', 'Africa/Lagos', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await sql('update users set time_zone = $2 where id = $1', [joined.id, zone])
      expect((await points.awardDailyLogin(payload, { id: joined.id, timeZone: zone }, new Date(evening.getTime() + 60_000))).pointsAwarded).toBe(0)
      await award(joined, 'content_share', `zone-${zone}`, new Date(evening.getTime() + 120_000))
    }
    expect(await rowsOfType(joined.id, 'login')).toHaveLength(1)
    expect(await rowsOfType(joined.id, 'daily_streak')).toHaveLength(0)
    expect((await points.getUserStats(payload, { userId: joined.id, now: evening })).streak).toBe(1)
  })
})

describe('caps and one-off awards', () => {
  it('comment_post stops paying after 20 in a member day, and pays again the next day', async () => {
    const m = await member()
    const day = new Date('2030-09-10T10:00:00-04:00')
    const paid = []
    for (let i = 0; i < 21; i++) paid.push((await award(m, 'comment_post', `cap-${i}`, new Date(day.getTime() + i * 1000))).pointsAwarded)
    expect(paid.filter((p) => p > 0)).toHaveLength(20)
    expect(paid[20]).toBe(0)
    expect(await rowsOfType(m.id, 'comment_post')).toHaveLength(20)
    expect((await award(m, 'comment_post', 'cap-next', new Date('2030-09-11T10:00:00-04:00'))).pointsAwarded).toBeGreaterThanOrEqual(15)
  })

  it('premium_subscription pays 100 once per subscription id', async () => {
    const m = await member()
    const now = new Date('2030-10-01T12:00:00Z')
    const first = await points.awardPremiumSubscription(payload, { user: m, subscriptionId: `I-${run}-1`, now })
    expect(first.pointsAwarded).toBe(130) // 100 and the Supporter achievement (30); no streak bonus on a first day
    expect(first.achievementUnlocked).toMatchObject({ name: 'premium' })
    expect((await points.awardPremiumSubscription(payload, { user: m, subscriptionId: `I-${run}-1`, now })).pointsAwarded).toBe(0)
    expect((await rowsOfType(m.id, 'premium_subscription'))).toMatchObject([{ points: 100, description: 'Subscribed to premium' }])
    expect((await points.awardPremiumSubscription(payload, { user: m, subscriptionId: `I-${run}-2`, now })).pointsAwarded).toBe(100)
  })
})

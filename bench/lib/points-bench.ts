/**
 * The points service under load, on the fixture of ./points-fixture.ts:
 * the weekly board, a member's stats (the top of the weekly board and its middle) and an award.
 * Targets (reported, never asserted): p95 ≤ 10 ms for the board and the stats, ≤ 15 ms for an award.
 */
import pg from 'pg'

import { SITE_TIME_ZONE } from '../../shared/constants'
import { buildPointsFixture, FIXTURE_LEDGER_ROWS, FIXTURE_MEMBERS, FIXTURE_PASSWORD, type FixtureTimings } from './points-fixture'
import { awardFloor, type AwardFloor } from './award-floor'
import { round, serialLatency } from './load'
import { percentile, timedLoad, type TimedLoadResult } from './timed-load'

export const POINTS_TARGETS_P95_MS = { leaderboard: 10, stats: 10, award: 15 } as const

export type PointsCase = {
  name: string
  method: 'GET' | 'POST'
  path: string
  who: string
  targetP95Ms: number
  result: TimedLoadResult
  /** Awards only: responses that earned points (checked in the ledger afterwards). */
  paid?: number
  /** Median of SERIAL_SAMPLES requests one at a time (no queueing), ms. */
  serialMs: number
}

export type PointsBenchResult = {
  fixture: FixtureTimings
  board: { weeklyMembers: number; topRank: number; middleRank: number }
  cases: PointsCase[]
  /** The award's SQL alone through pgbench, at the same connection count (./award-floor.ts). */
  awardFloor?: AwardFloor | null
}

export type PointsBenchOptions = { connections: number; durationSeconds: number; warmupSeconds: number; log: (message: string) => void }

/** Members whose sessions the award case spreads its requests over (each shares AWARD_ITEMS items once). */
const AWARD_MEMBERS = Number(process.env.BENCH_POINTS_AWARD_MEMBERS ?? 300)
const WARMUP_AWARD_MEMBERS = 30
const SERIAL_SAMPLES = 25
/** content_share's daily cap (shared/points.ts DAILY_POINT_CAPS): every request of the run earns points. */
const AWARD_ITEMS = 5

export async function pointsBench(appUrl: string, databaseUrl: string, options: PointsBenchOptions): Promise<PointsBenchResult> {
  const { log } = options
  const template = `bench_pts_${Date.now().toString(36)}`
  await register(appUrl, template)
  log(`points: building the fixture (${FIXTURE_MEMBERS} members, ${FIXTURE_LEDGER_ROWS} ledger rows)…`)
  const fixture = await buildPointsFixture(databaseUrl, template, log)
  log(`points: fixture built in ${fixture.totalSeconds} s`)

  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const board = await weeklyBoard(db)
    const serialMembers = SERIAL_SAMPLES / AWARD_ITEMS
    const awardMembers = await pickAwardMembers(db, AWARD_MEMBERS + WARMUP_AWARD_MEMBERS + serialMembers)
    const slugs = await publishedSlugs(appUrl, AWARD_ITEMS)

    log(`points: signing in ${2 + awardMembers.length} fixture members…`)
    const topCookie = await signIn(appUrl, board.top.username)
    const middleCookie = await signIn(appUrl, board.middle.username)
    const awardCookies: string[] = []
    for (let i = 0; i < awardMembers.length; i += 10) {
      awardCookies.push(...(await Promise.all(awardMembers.slice(i, i + 10).map((username) => signIn(appUrl, username)))))
    }
    // One signed-in request each first: the day's login bonus is paid then, not inside the measured award.
    for (let i = 0; i < awardCookies.length; i += 10) {
      await Promise.all(awardCookies.slice(i, i + 10).map((cookie) => fetch(`${appUrl}/api/user/stats`, { headers: { cookie, origin: appUrl } }).then((r) => r.arrayBuffer())))
    }

    const cases: PointsCase[] = []
    const run = async (name: string, who: string, path: string, targetP95Ms: number, headers: Record<string, string>) => {
      log(`points: ${name} (${who})`)
      const url = appUrl + path
      await timedLoad({ url, connections: options.connections, durationSeconds: options.warmupSeconds, headers })
      const result = await timedLoad({ url, connections: options.connections, durationSeconds: options.durationSeconds, headers })
      const serialMs = await serialLatency(url, headers, SERIAL_SAMPLES)
      cases.push({ name, method: 'GET', path, who, targetP95Ms, result, serialMs })
    }
    await run('leaderboard', 'visitor', '/api/leaderboard?period=weekly', POINTS_TARGETS_P95_MS.leaderboard, { origin: appUrl })
    await run('stats', `member at weekly rank ${board.top.rank} (top)`, '/api/user/stats', POINTS_TARGETS_P95_MS.stats, { origin: appUrl, cookie: topCookie })
    await run('stats', `member at weekly rank ${board.middle.rank} of ${board.members} (middle)`, '/api/user/stats', POINTS_TARGETS_P95_MS.stats, { origin: appUrl, cookie: middleCookie })

    // Awards: request n shares item ⌊n / members⌋ as member n mod members, so no request repeats
    // one before it and no member goes past the daily cap: every response is a real award.
    const award = (cookies: string[]) => (n: number) => ({
      headers: { cookie: cookies[n % cookies.length]!, 'content-type': 'application/json' },
      body: JSON.stringify({ activityType: 'content_share', contentType: 'blog_post', contentId: slugs[Math.floor(n / cookies.length) % slugs.length] }),
    })
    const warmupCookies = awardCookies.slice(AWARD_MEMBERS, AWARD_MEMBERS + WARMUP_AWARD_MEMBERS)
    const serialCookies = awardCookies.slice(AWARD_MEMBERS + WARMUP_AWARD_MEMBERS)
    const measuredCookies = awardCookies.slice(0, AWARD_MEMBERS)
    const url = `${appUrl}/api/points/award`
    log(`points: award (content_share; ${measuredCookies.length} members × ${AWARD_ITEMS} posts)`)
    // autocannon builds one request per connection before the first is sent; those are numbered too, so leave room.
    const amountFor = (members: number) => members * AWARD_ITEMS - options.connections
    await timedLoad({ url, method: 'POST', connections: options.connections, amount: amountFor(warmupCookies.length), headers: { origin: appUrl }, request: award(warmupCookies) })
    const before = await countShares(db, awardMembers.slice(0, AWARD_MEMBERS))
    const result = await timedLoad({ url, method: 'POST', connections: options.connections, amount: amountFor(AWARD_MEMBERS), headers: { origin: appUrl }, request: award(measuredCookies) })
    const paid = (await countShares(db, awardMembers.slice(0, AWARD_MEMBERS))) - before
    // One at a time: SERIAL_SAMPLES more awards, each a new (member, post) pair.
    const serial: number[] = []
    const next = award(serialCookies)
    for (let n = 0; n < SERIAL_SAMPLES; n++) {
      const { headers, body } = next(n)
      const started = performance.now()
      const res = await fetch(url, { method: 'POST', headers: { ...headers, origin: appUrl }, body })
      await res.arrayBuffer()
      serial.push(performance.now() - started)
    }
    const serialMs = round(percentile(serial.sort((a, b) => a - b), 50))
    cases.push({ name: 'award', method: 'POST', path: '/api/points/award', who: `${AWARD_MEMBERS} members, content_share of a published post`, targetP95Ms: POINTS_TARGETS_P95_MS.award, result, paid, serialMs })

    log('points: the award\'s SQL alone (pgbench)')
    const ids = (await db.query<{ min: number; max: number }>(`select min(id)::int as min, max(id)::int as max from users where username like 'pts\\_%'`)).rows[0]!
    const floor = awardFloor(databaseUrl, { clients: options.connections, seconds: options.durationSeconds, minId: ids.min, maxId: ids.max })
    return { fixture, board: { weeklyMembers: board.members, topRank: board.top.rank, middleRank: board.middle.rank }, cases, awardFloor: floor }
  } finally {
    await db.end()
  }
}

/** The member at the top of this week's board and the one in its middle (the board's order: points desc, reached first, lower id). */
async function weeklyBoard(db: pg.Client) {
  const start = `date_trunc('week', now() at time zone '${SITE_TIME_ZONE}') at time zone '${SITE_TIME_ZONE}'`
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from leaderboard_entries where period = 'weekly' and period_start = ${start} and points > 0`)
  const members = rows[0]?.n ?? 0
  if (members < 2) throw new Error('points: the weekly board of the fixture is empty')
  const at = async (rank: number) => {
    const found = await db.query<{ username: string }>(
      `select u.username from leaderboard_entries e join users u on u.id = e.user_id
       where e.period = 'weekly' and e.period_start = ${start} and e.points > 0
       order by e.points desc, e.reached_at asc, e.user_id asc offset $1 limit 1`,
      [rank - 1],
    )
    return { rank, username: found.rows[0]!.username }
  }
  return { members, top: await at(1), middle: await at(Math.ceil(members / 2)) }
}

/** Fixture members from the middle of the id range (ordinary activity), none of them the stats members' neighbours. */
async function pickAwardMembers(db: pg.Client, count: number): Promise<string[]> {
  const { rows } = await db.query<{ username: string }>(`select username from users where username like 'pts\\_%' order by id offset $1 limit $2`, [
    Math.floor(FIXTURE_MEMBERS * 0.4),
    count,
  ])
  if (rows.length < count) throw new Error(`points: the fixture has ${rows.length} members to award, the case needs ${count}`)
  return rows.map((row) => row.username)
}

async function countShares(db: pg.Client, usernames: string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from point_activities a join users u on u.id = a.user_id where u.username = any($1) and a.activity_type = 'content_share' and a.points > 0`,
    [usernames],
  )
  return rows[0]?.n ?? 0
}

/** Slugs of published posts from the public feed (readable by every member). */
async function publishedSlugs(appUrl: string, count: number): Promise<string[]> {
  const feed = await (await fetch(`${appUrl}/rss.xml`)).text()
  const slugs = [...feed.matchAll(/<item>.*?<link>[^<]*\/post\/([^<]+)<\/link>/gs)].map((m) => m[1]!)
  if (slugs.length < count) throw new Error(`points: the feed lists ${slugs.length} posts, the award case needs ${count}`)
  return slugs.slice(0, count)
}

async function register(appUrl: string, username: string) {
  const res = await fetch(`${appUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ username, email: `${username}@example.org`, dateOfBirth: '1990-01-01', password: FIXTURE_PASSWORD, confirmPassword: FIXTURE_PASSWORD }),
  })
  if (res.status !== 201) throw new Error(`points: registration failed: ${res.status} ${await res.text()}`)
}

async function signIn(appUrl: string, username: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ username, password: FIXTURE_PASSWORD }),
  })
  const token = /payload-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]
  if (res.status !== 200 || !token) throw new Error(`points: sign-in of ${username} failed: ${res.status} ${await res.text()}`)
  return `payload-token=${token}`
}

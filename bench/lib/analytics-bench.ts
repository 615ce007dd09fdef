/**
 * The admin analytics endpoints under load, on the fixture of
 * ./analytics-fixture.ts with the daily totals the real analytics job leaves. Target (reported,
 * never asserted): p95 ≤ 50 ms for each endpoint at 10 connections, as an admin.
 */
import pg from 'pg'

import { TEST_ADMIN } from '../../tests/helpers/test-server'
import { buildAnalyticsFixture, ANALYTICS_MEMBERS, ANALYTICS_PAGE_VIEWS, type AnalyticsFixtureTimings } from './analytics-fixture'
import { round, serialLatency } from './load'
import { timedLoad, type TimedLoadResult } from './timed-load'

export const ANALYTICS_TARGET_P95_MS = 50
const SERIAL_SAMPLES = 25
const PASSWORD = 'bench-password-123'

export type AnalyticsCase = { path: string; what: string; targetP95Ms: number; result: TimedLoadResult; serialMs: number }

export type AnalyticsBenchResult = {
  fixture: AnalyticsFixtureTimings
  /** The analytics job's run over the fixture: time on page and one day's totals per finished day. */
  job: { seconds: number; daysTotalled: number; dailyRows: number; pageViewsWithTimeOnPage: number }
  cases: AnalyticsCase[]
}

export type AnalyticsBenchOptions = { connections: number; durationSeconds: number; warmupSeconds: number; log: (message: string) => void }

export async function analyticsBench(appUrl: string, databaseUrl: string, options: AnalyticsBenchOptions): Promise<AnalyticsBenchResult> {
  const { log } = options
  const template = `bench_an_${Date.now().toString(36)}`
  await post(appUrl, '/api/auth/register', { username: template, email: `${template}@example.org`, dateOfBirth: '1990-01-01', password: PASSWORD, confirmPassword: PASSWORD }, 201)
  log(`analytics: building the fixture (${ANALYTICS_PAGE_VIEWS} page views, ${ANALYTICS_MEMBERS} members)…`)
  const fixture = await buildAnalyticsFixture(databaseUrl, template, log)
  log(`analytics: fixture built in ${fixture.totalSeconds} s`)

  const cookie = await signIn(appUrl)
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    log('analytics: running the analytics job over the year (time on page, daily totals)…')
    const jobStarted = performance.now()
    const [job] = (await db.query<{ id: number }>(`insert into payload_jobs (task_slug, queue, input) values ('analyticsRollup', 'default', '{}') returning id`)).rows
    const run = await fetch(`${appUrl}/cms/api/payload-jobs/run?queue=default&limit=20`, { headers: { cookie, origin: appUrl } })
    if (!run.ok) throw new Error(`analytics: running the job failed: ${run.status} ${await run.text()}`)
    for (;;) {
      const { rows } = await db.query<{ has_error: boolean; error: unknown }>('select has_error, error from payload_jobs where id = $1', [job!.id])
      if (!rows[0]) break
      if (rows[0].has_error) throw new Error(`analytics: the job failed: ${JSON.stringify(rows[0].error)}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const jobSeconds = round((performance.now() - jobStarted) / 1000)
    // What autovacuum would do after the job rewrote two thirds of the page views (time on page).
    await db.query('vacuum analyze page_views, analytics_daily')
    const { rows } = await db.query<{ days: number; daily: number; timed: number; users: number }>(
      `select (select count(*) from analytics_daily where kind = 'site')::int as days, (select count(*) from analytics_daily)::int as daily,
              (select count(*) from page_views where duration is not null)::int as timed, (select count(*) from users)::int as users`,
    )
    log(`analytics: job done in ${jobSeconds} s (${rows[0]!.days} days totalled)`)

    const headers = { cookie, origin: appUrl }
    const cases: AnalyticsCase[] = []
    const endpoints: [string, string][] = [
      ['/api/admin/analytics', 'the last 30 days (default): 29 days of totals + today raw'],
      ['/api/admin/analytics?days=365', 'the last 12 months: 364 days of totals + today raw'],
      ['/api/admin/user-count', `${rows[0]!.users.toLocaleString('en')} users; active = members with a signed-in visit in 30 days`],
      ['/api/admin/video-stats', 'every video, sum of view counts'],
      // The floor on this machine at this moment: the same server path (Express, Astro, the admin's session) with no analytics query.
      ['/api/auth/me', 'floor: the admin’s own session, no analytics query'],
    ]
    for (const [path, what] of endpoints) {
      log(`analytics: ${path}`)
      const url = appUrl + path
      await timedLoad({ url, connections: options.connections, durationSeconds: options.warmupSeconds, headers })
      const result = await timedLoad({ url, connections: options.connections, durationSeconds: options.durationSeconds, headers })
      const serialMs = await serialLatency(url, headers, SERIAL_SAMPLES)
      cases.push({ path, what, targetP95Ms: ANALYTICS_TARGET_P95_MS, result, serialMs })
    }
    return { fixture, job: { seconds: jobSeconds, daysTotalled: rows[0]!.days, dailyRows: rows[0]!.daily, pageViewsWithTimeOnPage: rows[0]!.timed }, cases }
  } finally {
    await db.end()
  }
}

async function post(appUrl: string, path: string, body: unknown, expected: number) {
  const res = await fetch(appUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', origin: appUrl }, body: JSON.stringify(body) })
  if (res.status !== expected) throw new Error(`analytics: ${path} answered ${res.status} ${await res.text()}`)
  return res
}

async function signIn(appUrl: string): Promise<string> {
  const res = await post(appUrl, '/api/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password }, 200)
  const token = /payload-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]
  if (!token) throw new Error('analytics: the admin sign-in set no session cookie')
  return `payload-token=${token}`
}

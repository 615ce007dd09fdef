// `npm run bench`: load and size benchmark of the built server (see bench/README.md for the method).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { createTestDatabase } from '../tests/helpers/test-database'
import { startTestServer } from '../tests/helpers/test-server'
import { startBaseline } from './lib/baseline'
import { measurePageJs, type PageJs } from './lib/js-size'
import { headersOf, load, rotatingCookies, round, serialLatency, type LoadOptions, type LoadResult, type RequestHeaders } from './lib/load'
import { oversizedBodies, rssMB } from './lib/oversized-bodies'
import { accessLogBudgetLines, accessLogCost } from './lib/access-log'
import { analyticsBench } from './lib/analytics-bench'
import { analyticsTable, updateAnalyticsReadme, type AnalyticsReport } from './lib/analytics-report'
import { pointsBench } from './lib/points-bench'
import { pointsTable, updatePointsReadme, type PointsReport } from './lib/points-report'
import { registrationBurst } from './lib/registration-burst'
import { discoverRoutes, registerMember, type Audience } from './lib/site'
import { budgetLines, markdownTable, memoryBudgetLine, updateReadme, type RouteResult, type RunMeta } from './lib/report'
import { benchCleanups } from './lib/cleanups'

const OUT_DIR = path.join(import.meta.dirname, 'out')
const LOAD: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 8),
}
const WARMUP: LoadOptions = { connections: LOAD.connections, durationSeconds: Number(process.env.BENCH_WARMUP ?? 2) }
const SERIAL_SAMPLES = 25
/** Members whose sessions the member runs take turns with. */
const MEMBERS = 20
/**
 * The points cases need a 5-million-row fixture that takes minutes to build:
 * off by default; BENCH_POINTS=1 adds them after the page runs, BENCH_POINTS=only runs them alone
 * (the page figures in results.json and the README are kept).
 */
const POINTS = process.env.BENCH_POINTS === 'only' ? 'only' : process.env.BENCH_POINTS === '1' ? 'after' : 'off'
/**
 * The admin analytics endpoints on a year of traffic (1,000,000 page views): off by
 * default like the points cases; BENCH_ANALYTICS=1 adds them after the page runs (before the
 * points cases), BENCH_ANALYTICS=only runs them alone (with BENCH_POINTS=only too: both).
 */
const ANALYTICS = process.env.BENCH_ANALYTICS === 'only' ? 'only' : process.env.BENCH_ANALYTICS === '1' ? 'after' : 'off'
const RESULTS_FILE = path.join(import.meta.dirname, 'results.json')
const README_FILE = path.join(import.meta.dirname, 'README.md')

const BOTH: readonly Audience[] = ['anonymous', 'member']

const { cleanups, cleanUp } = benchCleanups()

async function main() {
  const loadAtStart = os.loadavg()[0] ?? 0
  rmSync(OUT_DIR, { recursive: true, force: true })
  mkdirSync(OUT_DIR, { recursive: true })

  log('creating a fresh database and starting the built server…')
  const database = await createTestDatabase('bench')
  cleanups.push(database.dispose)
  const serverEnv = {
    // One secret for this server and the access-log one (bench/lib/access-log.ts): members'
    // sessions are good on both.
    PAYLOAD_SECRET: 'bench-secret',
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_REGISTER: '100000',
    RATE_LIMIT_POINTS_AWARD: '100000',
    // The analytics fixture's year of raw page views stays raw (the default keeps 90 days).
    ...(ANALYTICS === 'off' ? {} : { ANALYTICS_RETENTION_DAYS: '400' }),
  }
  const server = await startTestServer('bench', database.url, serverEnv)
  cleanups.push(server.stop)
  // Loopback by address: no name lookups in the measured path.
  const appUrl = server.url.replace('//localhost:', '//127.0.0.1:')
  if (POINTS === 'only' || ANALYTICS === 'only') {
    // Only the opt-in cases asked for ("only" for one; "1" for the other adds it too).
    const analytics = ANALYTICS === 'off' ? undefined : await runAnalytics(appUrl, database.url, loadAtStart)
    const points = POINTS === 'off' ? undefined : await runPoints(appUrl, database.url, os.loadavg()[0] ?? 0)
    const previous = existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as Record<string, unknown>) : {}
    writeFileSync(RESULTS_FILE, JSON.stringify({ ...previous, ...(points ? { points } : {}), ...(analytics ? { analytics } : {}) }, null, 2) + '\n')
    return
  }

  const routes = await discoverRoutes(appUrl)
  // Members take turns request by request, so each page view renders another member's own parts
  // into the page their audience shares (server/member-page-cache.ts), as real traffic would.
  const memberCookies = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => registerMember(appUrl, i)))
  const headers: Record<Audience, RequestHeaders> = {
    anonymous: { origin: appUrl },
    member: rotatingCookies({ origin: appUrl }, memberCookies),
  }

  log('saving each page once for the baseline and measuring the JS it ships…')
  const jsCache = new Map<string, string>()
  const saved = new Map<string, string>() // `${route}.${audience}` → file name under out/
  const js: Record<string, Partial<Record<Audience, PageJs>>> = {}
  const missing: { path: string; audience: Audience; status: number }[] = []
  for (const route of routes) {
    for (const audience of route.audiences ?? BOTH) {
      const res = await fetch(appUrl + route.path, { headers: headersOf(headers[audience]) })
      const body = await res.text()
      if (res.status !== 200) {
        // Reported as missing rather than measured: a 404 page would flatter the numbers.
        console.warn(`[bench] ${route.path} (${audience}) answered ${res.status}: left out of the load runs`)
        missing.push({ path: route.path, audience, status: res.status })
        continue
      }
      const file = `${route.name}.${audience}.${route.ext}`
      writeFileSync(path.join(OUT_DIR, file), body)
      saved.set(`${route.name}.${audience}`, file)
      if (route.ext === 'html') (js[route.name] ??= {})[audience] = await measurePageJs(body, appUrl + route.path, jsCache)
    }
  }

  const baseline = await startBaseline(OUT_DIR)
  cleanups.push(baseline.stop)

  const results: RouteResult[] = []
  for (const route of routes) {
    for (const audience of route.audiences ?? BOTH) {
      const file = saved.get(`${route.name}.${audience}`)
      if (!file) continue
      const url = appUrl + route.path
      log(`load: ${route.path} as ${audience}`)
      await load(url, headers[audience], WARMUP)
      const app = await load(url, headers[audience], LOAD)
      const base: LoadResult = await load(`${baseline.url}/${file}`, {}, LOAD)
      const serialMs = await serialLatency(url, headers[audience], SERIAL_SAMPLES)
      const pageJs = js[route.name]?.[audience]
      results.push({
        route: route.name,
        path: route.path,
        audience,
        app,
        baseline: base,
        ratio: base.rps > 0 ? round(app.rps / base.rps, 3) : 0,
        serialMs,
        jsGzip: pageJs
          ? { referenced: pageJs.referencedGzip, total: pageJs.totalGzip, afterInteraction: pageJs.afterInteractionGzip, inline: pageJs.inlineGzip }
          : null,
      })
    }
  }

  // The access log's cost on the pages (this server logs warnings only; a second one logs every request).
  const accessLog = await accessLogCost(
    appUrl,
    database.url,
    serverEnv,
    results.filter((r) => ['home', 'post', 'video'].includes(r.route)).map((r) => ({ route: r.route, audience: r.audience, path: r.path, headers: headers[r.audience as Audience] })),
    { load: LOAD, warmup: WARMUP, log },
  )

  // Memory of the warm server, read before the hardening runs push it on purpose.
  const warmRssMB = round(rssMB(server.pid), 0)

  // Floors for the diagnosis: Express + Astro with no database work, and one database round trip.
  const floors = {
    robotsTxtMs: await serialLatency(`${appUrl}/robots.txt`, {}, SERIAL_SAMPLES),
    healthzMs: await serialLatency(`${appUrl}/healthz`, {}, SERIAL_SAMPLES),
  }

  // Hardening figures: memory held while oversized bodies stream in.
  log('8 parallel 600 MB chunked bodies…')
  const oversized = await oversizedBodies(appUrl, server.pid)
  // …and signed-in page latency while 60 registrations arrive at once.
  log('60 registrations at once while a member reads the home page…')
  const burst = await registrationBurst(appUrl, memberCookies[0]!)

  // Last: the fixtures' members and traffic would change what the page runs above measure.
  const analytics = ANALYTICS === 'after' ? await runAnalytics(appUrl, database.url, os.loadavg()[0] ?? 0) : undefined
  const points = POINTS === 'after' ? await runPoints(appUrl, database.url, os.loadavg()[0] ?? 0) : undefined
  const previous = existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as { points?: unknown; analytics?: unknown }) : {}

  const report = {
    measuredAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      // Other work on the machine skews every number: the 1-minute load average before and after.
      loadAverage: { start: round(loadAtStart, 2), end: round(os.loadavg()[0] ?? 0, 2) },
    },
    load: { ...LOAD, warmupSeconds: WARMUP.durationSeconds, serialSamples: SERIAL_SAMPLES },
    routes: results,
    js: Object.fromEntries(Object.entries(js).map(([name, byAudience]) => [name, Object.fromEntries(Object.entries(byAudience).map(([a, p]) => [a, p?.files]))])),
    floors,
    hardening: { oversizedBodies: oversized, registrationBurst: burst },
    missing,
    accessLog,
    budgets: [...budgetLines(results), ...accessLogBudgetLines(accessLog), memoryBudgetLine(warmRssMB)],
    memory: { warmRssMB },
    // A run without the opt-in cases keeps their last figures.
    points: points ?? previous.points,
    analytics: analytics ?? previous.analytics,
  }
  writeFileSync(RESULTS_FILE, JSON.stringify(report, null, 2) + '\n')
  const table = markdownTable(report)
  updateReadme(README_FILE, table)
  console.log('\n' + table)
}

/** When and where a fixture's cases ran, for their report. */
const runMeta = (loadAtStart: number): RunMeta => ({
  measuredAt: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    loadAverage: { start: round(loadAtStart, 2), end: round(os.loadavg()[0] ?? 0, 2) },
  },
  load: { ...LOAD, warmupSeconds: WARMUP.durationSeconds },
})

/** The points cases on their fixture (bench/lib/points-bench.ts); the README's points block is rewritten. */
async function runPoints(appUrl: string, databaseUrl: string, loadAtStart: number): Promise<PointsReport> {
  const result = await pointsBench(appUrl, databaseUrl, { ...LOAD, warmupSeconds: WARMUP.durationSeconds, log })
  const report: PointsReport = {
    ...runMeta(loadAtStart),
    ...result,
  }
  const table = pointsTable(report)
  updatePointsReadme(README_FILE, table)
  console.log('\n' + table)
  return report
}

/** The analytics cases on their fixture (bench/lib/analytics-bench.ts); the README's analytics block is rewritten. */
async function runAnalytics(appUrl: string, databaseUrl: string, loadAtStart: number): Promise<AnalyticsReport> {
  const result = await analyticsBench(appUrl, databaseUrl, { ...LOAD, warmupSeconds: WARMUP.durationSeconds, log })
  const report: AnalyticsReport = {
    ...runMeta(loadAtStart),
    ...result,
  }
  const table = analyticsTable(report)
  updateAnalyticsReadme(README_FILE, table)
  console.log('\n' + table)
  return report
}

function log(message: string) {
  console.log(`[bench] ${message}`)
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(() => cleanUp())

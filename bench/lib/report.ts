import { existsSync, readFileSync, writeFileSync } from 'node:fs'

import type { LoadResult } from './load'
import { accessLogLine, type AccessLogCase } from './access-log'
import type { OversizedBodiesResult } from './oversized-bodies'

/** Page latency for a signed-in member while a burst of registrations arrives at once. */
export type RegistrationBurstFigures = { registrations: number; registrationFailures: number; pageRequests: number; p50Ms: number; p99Ms: number; maxMs: number }

export type RouteResult = {
  route: string
  path: string
  audience: 'anonymous' | 'member'
  app: LoadResult
  baseline: LoadResult
  /** app req/s ÷ baseline req/s */
  ratio: number
  /** Median latency of one request at a time, ms. */
  serialMs: number
  /** total: downloaded on page load; afterInteraction: once the deferred islands are woken too. */
  jsGzip: { referenced: number; total: number; afterInteraction: number; inline: number } | null
}

export type BudgetLine = { budget: string; measured: string; limit: string; met: boolean }

/** The issue's budgets ("Reading and watching"): reported, never asserted. */
export const BUDGETS = {
  jsGzipBytes: { post: 50 * 1024, video: 150 * 1024 },
  minBaselineRatio: 0.25,
  ratioRoutes: ['home', 'blog', 'post', 'video'],
  /** Memory: a warm server (after the page runs) holds at most this much. */
  warmRssMB: 300,
} as const

/** The warm server's resident memory against its budget. */
export function memoryBudgetLine(warmRssMB: number): BudgetLine {
  return { budget: 'server RSS, warm (after the page runs)', measured: `${warmRssMB} MB`, limit: `≤ ${BUDGETS.warmRssMB} MB`, met: warmRssMB <= BUDGETS.warmRssMB }
}

export function budgetLines(results: RouteResult[]): BudgetLine[] {
  const lines: BudgetLine[] = []
  for (const [route, limit] of Object.entries(BUDGETS.jsGzipBytes)) {
    for (const r of results.filter((x) => x.route === route && x.jsGzip)) {
      lines.push({ budget: `${route} page JS on load, gzip (${r.audience})`, measured: kb(r.jsGzip!.total), limit: `≤ ${kb(limit)}`, met: r.jsGzip!.total <= limit })
    }
  }
  for (const r of results.filter((x) => (BUDGETS.ratioRoutes as readonly string[]).includes(x.route))) {
    lines.push({
      budget: `${r.route} req/s vs baseline (${r.audience})`,
      measured: pct(r.ratio),
      limit: `≥ ${pct(BUDGETS.minBaselineRatio)}`,
      met: r.ratio >= BUDGETS.minBaselineRatio,
    })
  }
  return lines
}

type Report = {
  measuredAt: string
  machine: { cpus: number; cpu: string; node: string; loadAverage: { start: number; end: number } }
  load: { connections: number; durationSeconds: number }
  routes: RouteResult[]
  floors: { robotsTxtMs: number; healthzMs: number }
  hardening: { oversizedBodies: OversizedBodiesResult; registrationBurst?: RegistrationBurstFigures }
  missing: { path: string; audience: string; status: number }[]
  accessLog?: readonly AccessLogCase[]
  budgets: BudgetLine[]
}

export function markdownTable(report: Report): string {
  const rows = report.routes.map((r) =>
    [
      `\`${r.path}\``,
      r.audience,
      r.app.rps.toFixed(0),
      r.app.p50.toFixed(1),
      r.app.p99.toFixed(1),
      r.baseline.rps.toFixed(0),
      pct(r.ratio),
      r.serialMs.toFixed(1),
      r.jsGzip ? kb(r.jsGzip.total) : '–',
      r.jsGzip ? kb(r.jsGzip.afterInteraction) : '–',
      r.app.failures ? `**${r.app.failures}**` : '0',
    ].join(' | '),
  )
  const budgetRows = report.budgets.map((b) => `${b.budget} | ${b.measured} | ${b.limit} | ${b.met ? 'met' : '**missed**'}`)
  return [
    `Measured ${report.measuredAt} on ${report.machine.cpus} × ${report.machine.cpu}, Node ${report.machine.node}; ` +
      `${report.load.connections} connections × ${report.load.durationSeconds} s per run; ` +
      `load average ${report.machine.loadAverage.start} → ${report.machine.loadAverage.end}.`,
    '',
    '| Route | Audience | req/s | p50 ms | p99 ms | baseline req/s | vs baseline | 1-at-a-time ms | JS gzip on load | JS gzip after interaction | failures |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r} |`),
    '',
    `Floors (1 request at a time, median): \`/robots.txt\` (Express + Astro, no database) ${report.floors.robotsTxtMs} ms; ` +
      `\`/healthz\` (Express + one database round trip) ${report.floors.healthzMs} ms.`,
    ...(report.missing.length
      ? ['', `Not measured (not 200): ${report.missing.map((m) => `\`${m.path}\` ${m.audience} → ${m.status}`).join('; ')}.`]
      : []),
    ...(report.accessLog?.length ? ['', accessLogLine(report.accessLog)] : []),
    '',
    ...hardeningLines(report.hardening),
    '',
    '| Budget | Measured | Limit | |',
    '|---|---:|---:|---|',
    ...budgetRows.map((r) => `| ${r} |`),
  ].join('\n')
}

function hardeningLines({ oversizedBodies: o, registrationBurst: r }: Report['hardening']): string[] {
  const statuses = Object.entries(o.statuses).map(([status, count]) => `${count} × ${status}`).join(', ')
  const lines = [
    `Oversized bodies: ${o.requests} parallel chunked bodies of ${Math.round(o.bytesOfferedEach / 1024 / 1024)} MB → ${statuses}; ` +
      `each client sent at most ${o.maxBytesSentMB} MB before the answer; server memory ${o.rssBeforeMB} MB before, ${o.rssPeakMB} MB at peak ` +
      `(growth ${o.growthMB} MB, goal under 50 MB), ${o.rssAfterMB} MB after.`,
  ]
  if (r) {
    lines.push(
      '',
      `Registration burst: ${r.registrations} registrations at once (${r.registrationFailures} failed) while a member loads pages: ` +
        `${r.pageRequests} page requests, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (goal under 250 ms), max ${r.maxMs} ms.`,
    )
  }
  return lines
}

const START = '<!-- bench:results:start -->'
const END = '<!-- bench:results:end -->'

/** Replaces what stands between two marker comments of a README (left alone without them). */
export function replaceBetweenMarkers(file: string, startMarker: string, endMarker: string, table: string) {
  if (!existsSync(file)) return
  const text = readFileSync(file, 'utf8')
  const start = text.indexOf(startMarker)
  const end = text.indexOf(endMarker)
  if (start < 0 || end < start) return
  writeFileSync(file, `${text.slice(0, start + startMarker.length)}\n${table}\n${text.slice(end)}`)
}

/** Replaces the results block of the README (between the markers) with the latest table. */
export const updateReadme = (file: string, table: string) => replaceBetweenMarkers(file, START, END, table)

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const pct = (ratio: number) => `${(ratio * 100).toFixed(0)}%`

/** What every load report says of its run: when, on what machine, at what load. */
export type RunMeta = {
  measuredAt: string
  machine: { cpus: number; cpu: string; node: string; loadAverage: { start: number; end: number } }
  load: { connections: number; durationSeconds: number; warmupSeconds: number }
}

type LatencyCase = { result: { rps: number; p50: number; p95: number; p99: number; requests: number; failures: number }; serialMs: number; targetP95Ms: number }

/** A load case's cells from req/s to failures; `requests` is the requests cell (a case may add to it). */
export function latencyCells(c: LatencyCase, requests = String(c.result.requests)): string[] {
  const r = c.result
  const met = r.p95 <= c.targetP95Ms && r.failures === 0
  return [
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    c.serialMs.toFixed(1),
    `≤ ${c.targetP95Ms}`,
    met ? 'met' : '**missed**',
    requests,
    r.failures ? `**${r.failures}**` : '0',
  ]
}

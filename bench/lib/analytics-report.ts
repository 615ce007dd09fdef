import { latencyCells, replaceBetweenMarkers, type RunMeta } from './report'

import type { AnalyticsBenchResult } from './analytics-bench'

export type AnalyticsReport = AnalyticsBenchResult & RunMeta

export function analyticsTable(report: AnalyticsReport): string {
  const f = report.fixture
  const rows = report.cases.map((c) => [`GET \`${c.path}\``, c.what, ...latencyCells(c)].join(' | '))
  return [
    `Measured ${report.measuredAt} on ${report.machine.cpus} × ${report.machine.cpu}, Node ${report.machine.node}; ` +
      `${report.load.connections} connections as the admin, ${report.load.warmupSeconds} s warm-up + ${report.load.durationSeconds} s per endpoint; ` +
      `load average ${report.machine.loadAverage.start} → ${report.machine.loadAverage.end}.`,
    '',
    `Fixture: ${f.pageViews.toLocaleString('en')} page views over 365 days in ${f.sessions.toLocaleString('en')} visits, ` +
      `${f.videoWatches.toLocaleString('en')} video watches, ${f.members.toLocaleString('en')} members, ${f.payments.toLocaleString('en')} payments, ` +
      `built in ${f.totalSeconds} s (${Object.entries(f.seconds).map(([step, s]) => `${step} ${s} s`).join(', ')}). ` +
      `The analytics job then totalled ${report.job.daysTotalled} days into ${report.job.dailyRows.toLocaleString('en')} daily rows ` +
      `and filled time on page for ${report.job.pageViewsWithTimeOnPage.toLocaleString('en')} page views, in ${report.job.seconds} s.`,
    '',
    '| Request | What it reads | req/s | p50 ms | p95 ms | p99 ms | 1-at-a-time ms | target p95 ms | | requests | failures |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n')
}

const START = '<!-- bench:analytics:start -->'
const END = '<!-- bench:analytics:end -->'

/** Replaces the analytics block of a README (between its markers) with the latest table. */
export const updateAnalyticsReadme = (file: string, table: string) => replaceBetweenMarkers(file, START, END, table)

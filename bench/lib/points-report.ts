import { latencyCells, replaceBetweenMarkers, type RunMeta } from './report'

import type { PointsBenchResult } from './points-bench'

export type PointsReport = PointsBenchResult & RunMeta

export function pointsTable(report: PointsReport): string {
  const f = report.fixture
  const rows = report.cases.map((c) =>
    [`${c.method} \`${c.path}\``, c.who, ...latencyCells(c, String(c.result.requests) + (c.paid === undefined ? '' : ` (${c.paid} paid)`))].join(' | '),
  )
  return [
    `Measured ${report.measuredAt} on ${report.machine.cpus} × ${report.machine.cpu}, Node ${report.machine.node}; ` +
      `${report.load.connections} connections; GET cases ${report.load.warmupSeconds} s warm-up + ${report.load.durationSeconds} s, ` +
      `awards a fixed number of requests after a warm-up; load average ${report.machine.loadAverage.start} → ${report.machine.loadAverage.end}.`,
    '',
    `Fixture: ${f.members.toLocaleString('en')} members, ${f.ledgerRows.toLocaleString('en')} ledger rows, ` +
      `${f.leaderboardEntries.toLocaleString('en')} leaderboard entries, built in ${f.totalSeconds} s ` +
      `(${Object.entries(f.seconds).map(([step, s]) => `${step} ${s} s`).join(', ')}). ` +
      `This week's board: ${report.board.weeklyMembers.toLocaleString('en')} members.`,
    '',
    '| Request | As | req/s | p50 ms | p95 ms | p99 ms | 1-at-a-time ms | target p95 ms | | requests | failures |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...rows.map((r) => `| ${r} |`),
    ...(report.awardFloor
      ? [
          '',
          `The award's SQL alone (BEGIN, the member's state under lock, the write, COMMIT; pgbench, ${report.awardFloor.clients} clients, ` +
            `${report.awardFloor.seconds} s, random fixture members): ${report.awardFloor.tps} awards/s, p50 ${report.awardFloor.p50} ms, ` +
            `p95 ${report.awardFloor.p95} ms, p99 ${report.awardFloor.p99} ms.`,
        ]
      : []),
  ].join('\n')
}

const START = '<!-- bench:points:start -->'
const END = '<!-- bench:points:end -->'

/** Replaces the points block of a README (between its markers) with the latest table. */
export const updatePointsReadme = (file: string, table: string) => replaceBetweenMarkers(file, START, END, table)

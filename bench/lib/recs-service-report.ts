// The README's For You service figures (`npm run bench:recs`), between their markers.
import path from 'node:path'

import type { Latency, RecsServiceReport } from '../recs-service'
import { TIERS } from './recs-fixture'
import { replaceBetweenMarkers } from './report'

const START = '<!-- bench:recs:start -->'
const END = '<!-- bench:recs:end -->'
const README = path.join(import.meta.dirname, '../../README.md')

const n = (value: number) => value.toLocaleString('en')

export function recsTable(r: RecsServiceReport): string {
  const f = r.fixture
  const g = r.warm.generate
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**')
  const line = (what: string, l: Latency & { serverCpuMs?: number }, target = '') =>
    `| ${what} | ${l.requests} | ${l.p50} | ${l.p95} | ${l.p99} | ${l.max} | ${l.serverCpuMs ?? ''} | ${target} |`
  const rows = Object.entries(f.rows).map(([table, count]) => `${n(count)} ${table.replace('_', ' ')}`).join(', ')
  return [
    `Measured ${r.at} on ${r.machine}; load average ${r.loadAverage.start} → ${r.loadAverage.end}.`,
    '',
    `Fixture: ${n(f.videos)} videos and ${n(f.posts)} published posts (${n(f.items)} items) with ${n(f.itemTags)} item tags from ${n(f.tags)} content tags (${f.moodTags} suiting moods); ${n(f.members)} members with ${n(f.historyRows)} history rows (${rows}); built in ${f.totalSeconds} s. ` +
      `Measured: ${TIERS.map((t) => `${r.sample[t].members} ${t} members (history rows median ${n(r.sample[t].historyRowsMedian)}, max ${n(r.sample[t].historyRowsMax)})`).join(', ')}.`,
    '',
    '| Request (one at a time, catalogue in memory) | requests | p50 ms | p95 ms | p99 ms | max ms | server CPU ms a request | target |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    line('POST `/api/recommendations/generate` `{ mood, limit: 10 }`', g, `p95 ≤ ${r.targetP95Ms} ms: ${verdict(g.p95 <= r.targetP95Ms)}`),
    ...TIERS.map((t) => line(`&nbsp;&nbsp;${t} history`, g.byTier[t])),
    line('POST `/api/user/mood` `{ mood, intensity: 0.7 }` (records it, makes 10)', r.warm.mood),
    line(`GET \`/api/recommendations\` (the member's list, median ${r.warm.feed.itemsMedian} items)`, r.warm.feed),
    line('GET `/api/auth/me` (floor: the same members’ sessions, no For You work)', r.warm.floor),
    line(`generate, ${r.concurrent.connections} at once for ${r.concurrent.seconds} s: ${r.concurrent.rps} lists/s, ${r.concurrent.failures} failures`, r.concurrent),
    '',
    `Cold catalogue (the first list after a content change reads the catalogue again): median ${r.cold.medianMs} ms, max ${r.cold.maxMs} ms over ${r.cold.afterEditMs.length} admin edits of a content tag; the very first list after the server started, ${r.cold.firstMs} ms. ` +
      `The runs above read it afresh every ${r.cold.refreshEverySeconds} s, inside its ${r.cold.ttlSeconds} s TTL; on a live site one list per TTL per server, and the first after any content change, pays this.`,
    ...breakdownLines(r),
  ].join('\n')
}

function breakdownLines(r: RecsServiceReport): string[] {
  const b = r.breakdown
  if (!b) return []
  const c = b.catalogue
  return [
    '',
    `Where a list's time goes: the service's steps called one by one in the bench's own process (a Payload instance on the same database, the server idle), for the same ${b.members} members.`,
    '',
    '| Step | p50 ms | p95 ms | max ms |',
    '|---|---:|---:|---:|',
    `| catalogue read, cold (${c.runs} runs, ${n(c.items)} items) | ${c.totalMs.p50} | ${c.totalMs.p95} | ${c.totalMs.max} |`,
    `| &nbsp;&nbsp;of which its five queries (together; slowest: ${c.slowestQuery.ms} ms, \`${c.slowestQuery.what.replace(/\|/g, '\\|')}…\`) | ${c.sqlMs.p50} | ${c.sqlMs.p95} | ${c.sqlMs.max} |`,
    `| &nbsp;&nbsp;of which building it in memory | ${c.buildMs.p50} | ${c.buildMs.p95} | ${c.buildMs.max} |`,
    ...Object.entries(b.steps).map(([step, f]) => `| ${step.startsWith('  ') ? `&nbsp;&nbsp;${step.trim()}` : step} | ${f.p50} | ${f.p95} | ${f.max} |`),
    '',
    `EXPLAIN ANALYZE of the history query for the sampled member with the most history (${n(b.history.memberRows)} rows): ${b.history.executionMs} ms (plan in \`bench/recs-service-results.json\`).`,
  ]
}

export const updateRecsReadme = (report: RecsServiceReport) => replaceBetweenMarkers(README, START, END, recsTable(report))

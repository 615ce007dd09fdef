// The For You evaluation's figures (`npm run eval:recs`): the table printed and put in the README
// between its markers, and the verdicts on what the recommender must beat.
import path from 'node:path'

import type { Weights } from '../../cms/services/recommendations/score'
import type { Comparison, Evaluation, MethodFigures, SegmentFigures, WeightsVariant } from './recs-eval'
import type { LatencyFigures } from './recs-latency'
import { replaceBetweenMarkers } from './report'
import type { WorldParams } from './recs-world'

const START = '<!-- eval:recs:start -->'
const END = '<!-- eval:recs:end -->'
const README = path.join(import.meta.dirname, '../../README.md')

export type RecsReport = {
  at: string
  machine: string
  node: string
  /** The machine's 1-minute load average when the run began and ended: the times depend on it. */
  loadAverage: { start: number; end: number }
  seconds: number
  params: {
    world: WorldParams
    weights: Weights
    historyWeights: Record<string, number>
    popularityHalfLifeDays: number
    listSize: number
    explored: WeightsVariant[]
  }
  evaluation: Evaluation
  verdicts: Verdict[]
  latency: LatencyFigures
}

/** Better, with the 95% interval of the paired difference above 0; or not. */
export type Verdict = { claim: string; difference: number; ci95: number; met: boolean }

export function verdicts(evaluation: Evaluation): Verdict[] {
  const [warm, cold] = evaluation.segments
  const find = (segment: SegmentFigures | undefined, metric: string, versus: string) => segment?.comparisons.find((c) => c.metric === metric && c.versus === versus)
  const verdict = (claim: string, c: Comparison | undefined): Verdict =>
    c ? { claim, difference: c.mean, ci95: c.ci95, met: c.mean - c.ci95 > 0 } : { claim, difference: NaN, ci95: NaN, met: false }
  return [
    verdict('nDCG@10 above popularity (members with history)', find(warm, 'nDCG@10', 'popularity')),
    verdict('nDCG@10 above mood match (members with history)', find(warm, 'nDCG@10', 'mood match')),
    verdict('intra-list diversity above popularity (members with history)', find(warm, 'intra-list diversity', 'popularity')),
    verdict('nDCG@10 above popularity (cold start)', find(cold, 'nDCG@10', 'popularity')),
  ]
}

const f3 = (v: number) => v.toFixed(3)
const f4 = (v: number) => v.toFixed(4)
const signed = (v: number) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(4)}`
const pct = (v: number) => `${(v * 100).toFixed(1)}%`

function methodRows(methods: readonly MethodFigures[]): string[] {
  return methods.map(
    (m) => `| ${m.method} | ${f4(m.precisionAt10)} | ${f4(m.recallAt10)} | ${f4(m.ndcgAt10)} ± ${f4(m.ndcgAt10Ci95)} | ${f3(m.intraListDiversity)} | ${pct(m.coverage)} |`,
  )
}

const HEAD = ['| Method | precision@10 | recall@10 | nDCG@10 (± 95%) | intra-list diversity | coverage |', '|---|---:|---:|---:|---:|---:|']

export function recsTable(r: RecsReport): string {
  const { split, segments, explored } = r.evaluation
  const w = r.params.world
  const l = r.latency
  const lines = [
    `Measured ${r.at} on ${r.machine}, Node ${r.node}, in ${r.seconds} s (load average ${r.loadAverage.start} → ${r.loadAverage.end}). Seed ${w.seed}: ${w.items.toLocaleString('en')} items, ${w.members.toLocaleString('en')} members, ` +
      `${w.topics} hidden topics; ${split.trainEvents.toLocaleString('en')} history events before the split, ${split.heldOutEvents.toLocaleString('en')} held out (${pct(split.heldOutShare)}); ` +
      `${split.membersWithHistory} members with history (${split.historyEventsPerMember.toFixed(1)} events each), ${split.coldStartMembers} without; ${split.relevantPerMember.toFixed(1)} held-out items a member. ` +
      `Weights: mood ${r.params.weights.moodWeight}, popularity ${r.params.weights.popularityWeight}, personal ${r.params.weights.personalityWeight}, diversity ${r.params.weights.diversityFactor}.`,
  ]
  for (const segment of segments) lines.push('', `**${capitalise(segment.segment)}** (${segment.members} members)`, '', ...HEAD, ...methodRows(segment.methods))
  lines.push('', '| The recommender must… | difference (± 95%) | |', '|---|---:|---|')
  for (const v of r.verdicts) lines.push(`| ${v.claim} | ${signed(v.difference)} ± ${f4(v.ci95)} | ${v.met ? 'met' : '**not met**'} |`)
  lines.push('', '**Other weights through the same code** (explored on the same members, so optimistic; and a ceiling no method can reach)', '')
  for (const segment of explored) lines.push(`${capitalise(segment.segment)}:`, '', ...HEAD, ...methodRows(segment.methods), '')
  lines.push(
    `**Generation time** (one member: the site reads their history rows, then pickFrom filters, scores, diversifies and explains; ${l.items.toLocaleString('en')} items, ${l.members.toLocaleString('en')} members' history in memory: ` +
      `${l.historyEvents.toLocaleString('en')} events, heap ${l.heapUsedMB} MB; ${l.measured} members after ${l.warmup} warm-up): p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, max ${l.maxMs} ms. ` +
      `Not per member: the catalogue with its popularity from all that history ${l.catalogMs} ms (the site keeps it a minute), the moods learned from it ${l.moodsMs} ms (every ten minutes).`,
  )
  return lines.join('\n')
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export const updateRecsReadme = (report: RecsReport) => replaceBetweenMarkers(README, START, END, recsTable(report))

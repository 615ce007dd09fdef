// `npm run eval:recs`: the offline evaluation of the For You recommender (README "Recommendations").
// A seeded population with hidden tastes, topics and mood effects; each member's last session held
// out; the site's own scoring (cms/services/recommendations/score.ts) against popularity and the
// mood map alone; then one member's generation time at the site's scale. Writes
// bench/recs-results.json and the README's table. EVAL_RECS_SEED runs another population.
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

import { RECOMMENDATION_WEIGHTS } from '../shared/constants'
import { EXPLORED_WEIGHTS, evaluate, LIST_SIZE } from './lib/recs-eval'
import { measureLatency } from './lib/recs-latency'
import { HISTORY_WEIGHTS, POPULARITY_HALF_LIFE_DAYS } from './lib/recs-model'
import { recsTable, updateRecsReadme, verdicts, type RecsReport } from './lib/recs-report'
import { DEFAULT_WORLD, generateWorld } from './lib/recs-world'

const RESULTS_FILE = path.join(import.meta.dirname, 'recs-results.json')
const log = (message: string) => console.log(`[eval:recs] ${message}`)

function main() {
  const started = performance.now()
  const loadStart = loadavg()[0]!
  const seed = process.env.EVAL_RECS_SEED ? Number(process.env.EVAL_RECS_SEED) : DEFAULT_WORLD.seed
  const world = { ...DEFAULT_WORLD, seed }
  const weights = { ...RECOMMENDATION_WEIGHTS }

  log(`generating ${world.members} members over ${world.items} items (seed ${seed})…`)
  let t = performance.now()
  const generated = generateWorld(world)
  log(`${generated.events.length} history events in ${((performance.now() - t) / 1000).toFixed(1)} s; evaluating…`)
  t = performance.now()
  const evaluation = evaluate(generated, weights)
  log(`evaluated in ${((performance.now() - t) / 1000).toFixed(1)} s; timing generation at scale…`)
  const latency = measureLatency(world, weights)

  const report: RecsReport = {
    at: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, ${cpus().length} cores`,
    node: process.version,
    loadAverage: { start: round2(loadStart), end: round2(loadavg()[0]!) },
    seconds: Math.round((performance.now() - started) / 1000),
    params: { world, weights, historyWeights: HISTORY_WEIGHTS, popularityHalfLifeDays: POPULARITY_HALF_LIFE_DAYS, listSize: LIST_SIZE, explored: EXPLORED_WEIGHTS },
    evaluation,
    verdicts: verdicts(evaluation),
    latency,
  }
  console.log(`\n${recsTable(report)}\n`)
  if (seed === DEFAULT_WORLD.seed) {
    writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`)
    updateRecsReadme(report)
    log(`wrote ${path.relative(process.cwd(), RESULTS_FILE)} and the README's table`)
  } else {
    log('another seed: bench/recs-results.json and the README keep the default seed’s figures')
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100

main()

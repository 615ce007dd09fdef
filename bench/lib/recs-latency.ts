// How long one member's For You list takes to make at the site's scale: 10,000 items and
// 100,000 members' history in memory. One generation = the site's reading of the member's history
// rows (profile, what to leave out), then its pickFrom: the gate, every candidate scored, the list
// picked by maximal marginal relevance, reasons. Timed with performance.now; the database reads
// (one query for the history, the catalogue kept in memory for a minute) are not part of it.
import { performance } from 'node:perf_hooks'

import { MOODS } from '../../shared/constants'
import type { Weights } from '../../cms/services/recommendations/score'
import { generateCatalogue, type EventKind, type Item, type WorldParams } from './recs-catalogue'
import { percentile } from './recs-metrics'
import { learnedMoods, memberHistory, recommenderList, siteCatalog } from './recs-model'
import { createRng } from './recs-random'
import type { HistoryEntry, Member } from './recs-world'

export type LatencyParams = { items: number; members: number; eventsPerMember: number; measured: number; warmup: number }

export const DEFAULT_LATENCY: LatencyParams = { items: 10_000, members: 100_000, eventsPerMember: 20, measured: 300, warmup: 50 }

export type LatencyFigures = LatencyParams & {
  historyEvents: number
  /** Building the catalogue with its popularity from all history (the site does it once a minute, not per member), ms. */
  catalogMs: number
  /** Learning every mood's profile from the stated-mood history (the site: every ten minutes, in the background), ms. */
  moodsMs: number
  p50Ms: number
  p95Ms: number
  maxMs: number
  meanMs: number
  /** The process's JavaScript heap with all of it loaded. */
  heapUsedMB: number
}

/**
 * Histories at scale, made cheaply (their content does not matter to the time, only their size):
 * each member draws ~eventsPerMember events, 70% from the items of a favourite topic.
 */
function histories(items: readonly Item[], topics: number, p: LatencyParams, seed: number, nowDay: number): HistoryEntry[][] {
  const rng = createRng(seed)
  const byTopic: Item[][] = Array.from({ length: topics }, () => [])
  for (const item of items) byTopic[item.topics[0]!.topic]!.push(item)
  const out: HistoryEntry[][] = []
  for (let m = 0; m < p.members; m++) {
    const favourites = rng.sample(topics, 3)
    const n = 1 + rng.poisson(p.eventsPerMember - 1)
    const events: HistoryEntry[] = []
    for (let e = 0; e < n; e++) {
      const item = rng.next() < 0.7 ? rng.pick(byTopic[rng.pick(favourites)]!) : rng.pick(items)
      const roll = rng.next()
      const kind: EventKind =
        roll < 0.05 ? 'bookmark' : roll < 0.09 && item.kind === 'video' ? 'comment' : roll < 0.12 ? 'liked' : roll < 0.14 ? 'not_interested' : item.kind === 'post' ? 'post_read' : roll < 0.55 ? 'video_finished' : 'video_partial'
      events.push({ member: m, item: item.index, kind, day: rng.next() * nowDay, session: 0 })
    }
    out.push(events)
  }
  return out
}

export function measureLatency(world: WorldParams, weights: Weights, p: LatencyParams = DEFAULT_LATENCY): LatencyFigures {
  const catalogue = generateCatalogue({ ...world, items: p.items, seed: world.seed + 1 })
  const nowDay = world.trainDays
  const byMember = histories(catalogue.items, world.topics, p, world.seed + 2, nowDay)
  const all = byMember.flat()
  let t = performance.now()
  const catalog = siteCatalog(catalogue, all, nowDay)
  const catalogMs = performance.now() - t
  // What the site learns of moods: each member's history as one session in a mood, stated by a share of them.
  const moodRng = createRng(world.seed + 4)
  const members: Member[] = byMember.map((_, index) => ({
    index,
    taste: new Float64Array(0),
    sessions: [{ day: 0, mood: moodRng.pick(MOODS), intensity: 0.5, heldOut: false, stated: moodRng.next() < world.statedMoodShare }],
  }))
  t = performance.now()
  const moods = learnedMoods(all, members, catalogue.items, catalog)
  const moodsMs = performance.now() - t

  const heapUsedMB = Math.round(process.memoryUsage().heapUsed / 1024 / 1024)
  const rng = createRng(world.seed + 3)
  const times: number[] = []
  for (let i = 0; i < p.warmup + p.measured; i++) {
    const events = byMember[rng.int(byMember.length)]!
    const mood = rng.pick(MOODS)
    const intensity = (1 + rng.int(10)) / 10
    t = performance.now()
    const history = memberHistory(events, catalogue.items, catalog)
    const list = recommenderList({ catalog, history, mood, intensity, moodProfile: moods.get(mood), weights, limit: 10 })
    const elapsed = performance.now() - t
    if (list.length !== 10) throw new Error(`a list of ${list.length}, not 10`)
    if (i >= p.warmup) times.push(elapsed)
  }
  return {
    ...p,
    historyEvents: all.length,
    catalogMs: round(catalogMs),
    moodsMs: round(moodsMs),
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(Math.max(...times)),
    meanMs: round(times.reduce((s, v) => s + v, 0) / times.length),
    heapUsedMB,
  }
}

const round = (v: number) => Math.round(v * 100) / 100

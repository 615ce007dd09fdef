// The generated world of the For You evaluation (`npm run eval:recs`, README "Recommendations"):
// the catalogue (recs-catalogue.ts) and members who come back over time in changing moods.
// What the recommender may see: items' visible tags, the editor's mood map, members' history events
// and the mood they state. What it may not see, and what drives the members' choices: items'
// latent topics and quality, members' latent tastes, and how each mood really shifts those tastes.
import { MOODS, type Mood } from '../../shared/constants'
import { DEFAULT_WORLD, generateCatalogue, topicDot, type Catalogue, type EventKind, type Item, type WorldParams } from './recs-catalogue'
import { createRng, type Rng } from './recs-random'

export { DEFAULT_WORLD, type EventKind, type Item, type WorldParams }

/** `stated`: the member told For You this mood (so the site knows it); the held-out session always. */
export type Session = { day: number; mood: Mood; intensity: number; heldOut: boolean; stated: boolean }

export type Member = {
  index: number
  /** Hidden: weight per latent topic (favourites up to 1, the rest 0). */
  taste: Float64Array
  sessions: Session[]
}

export type HistoryEntry = { member: number; item: number; kind: EventKind; day: number; session: number }

export type World = Catalogue & {
  params: WorldParams
  members: Member[]
  events: HistoryEntry[]
}
function makeMember(p: WorldParams, rng: Rng, index: number): Member & { moodWeights: number[] } {
  const taste = new Float64Array(p.topics)
  const favourites = rng.sample(p.topics, 2 + rng.int(3))
  favourites.forEach((topic, rank) => (taste[topic] = rank === 0 ? 1 : 0.4 + 0.5 * rng.next()))
  const moodWeights = MOODS.map(() => Math.exp(1.2 * rng.normal()))
  const cold = rng.next() < p.coldStartShare
  const sessions: Session[] = []
  const trainSessions = cold ? 0 : Math.max(1, rng.poisson(p.sessionsMean))
  const days = Array.from({ length: trainSessions }, () => rng.next() * p.trainDays).sort((a, b) => a - b)
  days.push(p.trainDays + rng.next() * p.testDays)
  for (const day of days) {
    sessions.push({ day, mood: MOODS[rng.weighted(moodWeights)]!, intensity: (1 + rng.int(10)) / 10, heldOut: day > p.trainDays, stated: day > p.trainDays })
  }
  return { index, taste, sessions, moodWeights }
}

const freshness = (p: WorldParams, ageDays: number) => p.freshnessFloor + (1 - p.freshnessFloor) * 0.5 ** (ageDays / p.freshnessHalfLifeDays)

/**
 * A member's utility for an item in a session, without the noise of the choice: what drives their
 * engagement (the session loop computes the same sum from flat arrays). Only the evaluation's
 * ceiling reads it; no method may.
 */
export function hiddenUtility(world: World, member: Member, session: Session, item: Item): number {
  const u = world.params.utility
  const age = Math.max(0, Math.floor(session.day) - item.publishedDay)
  return (
    u.taste * topicDot(member.taste, item) +
    u.mood * session.intensity * topicDot(world.moodShift[session.mood], item) +
    u.quality * item.quality +
    u.exposure * (item.logExposure + Math.log(freshness(world.params, age)))
  )
}

/** The catalogue in publication order, as flat arrays: the session loop runs over it millions of times. */
type SimContext = {
  byPublished: Item[]
  /** quality and exposure's part of the utility, topics and their weights (second topic −1 when none). */
  base: Float64Array
  topicA: Int32Array
  weightA: Float64Array
  topicB: Int32Array
  weightB: Float64Array
  cumulative: Float64Array
  logFreshness: (day: number) => Float64Array
}

function simContext(p: WorldParams, items: Item[]): SimContext {
  const byPublished = [...items].sort((a, b) => a.publishedDay - b.publishedDay || a.index - b.index)
  const n = byPublished.length
  const ctx: SimContext = {
    byPublished,
    base: new Float64Array(n),
    topicA: new Int32Array(n),
    weightA: new Float64Array(n),
    topicB: new Int32Array(n).fill(-1),
    weightB: new Float64Array(n),
    cumulative: new Float64Array(n),
    logFreshness: () => new Float64Array(0),
  }
  byPublished.forEach((item, i) => {
    ctx.base[i] = p.utility.quality * item.quality + p.utility.exposure * item.logExposure
    ctx.topicA[i] = item.topics[0]!.topic
    ctx.weightA[i] = item.topics[0]!.weight
    if (item.topics[1]) {
      ctx.topicB[i] = item.topics[1].topic
      ctx.weightB[i] = item.topics[1].weight
    }
  })
  const cache = new Map<number, Float64Array>()
  // The exposure part of freshness for each item (in publication order) on a given day.
  ctx.logFreshness = (day: number) => {
    let row = cache.get(day)
    if (!row) {
      row = new Float64Array(n)
      byPublished.forEach((item, i) => (row![i] = p.utility.exposure * Math.log(freshness(p, Math.max(0, day - item.publishedDay)))))
      cache.set(day, row)
    }
    return row
  }
  return ctx
}

/**
 * One session: the member engages with `want` items drawn one after another without replacement,
 * each in proportion to e^utility (a softmax choice; the same as the top `want` of utility + Gumbel noise).
 */
function simulateSession(p: WorldParams, rng: Rng, world: World, member: Member, s: number, engaged: Uint8Array, ctx: SimContext) {
  const session = member.sessions[s]!
  const want = 1 + rng.poisson(p.itemsPerSessionMean - 1)
  const shift = world.moodShift[session.mood]
  const u = p.utility
  const logFresh = ctx.logFreshness(Math.floor(session.day))
  const { byPublished, cumulative, base, topicA, weightA, topicB, weightB } = ctx
  // Taste and mood per topic, folded into one vector for this session.
  const pull = new Float64Array(p.topics)
  for (let t = 0; t < p.topics; t++) pull[t] = u.taste * member.taste[t]! + u.mood * session.intensity * shift[t]!
  let total = 0
  let available = 0
  for (; available < byPublished.length && byPublished[available]!.publishedDay <= session.day; available++) {
    const b = topicB[available]!
    const w = engaged[byPublished[available]!.index]
      ? 0
      : Math.exp(pull[topicA[available]!]! * weightA[available]! + (b >= 0 ? pull[b]! * weightB[available]! : 0) + base[available]! + logFresh[available]!)
    total += w
    cumulative[available] = total
  }
  const top: Item[] = []
  for (let tries = 0; top.length < want && tries < want * 20 && total > 0; tries++) {
    const r = rng.next() * total
    let lo = 0
    let hi = available - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! > r) hi = mid
      else lo = mid + 1
    }
    const item = byPublished[lo]!
    if (!top.includes(item) && !engaged[item.index]) top.push(item)
  }
  const add = (item: Item, kind: EventKind) => world.events.push({ member: member.index, item: item.index, kind, day: session.day, session: s })
  for (const item of top) {
    engaged[item.index] = 1
    const match = Math.max(0, Math.min(1, topicDot(member.taste, item)))
    if (item.kind === 'video') add(item, rng.next() < 0.3 + 0.5 * match ? 'video_finished' : 'video_partial')
    else add(item, 'post_read')
    if (rng.next() < 0.03 + 0.1 * match) add(item, 'bookmark')
    // Comments are on videos only, as on the site.
    if (item.kind === 'video' && rng.next() < 0.04 + 0.04 * match) add(item, 'comment')
    if (rng.next() < 0.02 + 0.06 * match) add(item, 'liked')
  }
  // Turned down: of a few well-shown items, the one furthest from the member's tastes.
  if (rng.next() < p.rejectShare) {
    let worst: Item | undefined
    let worstValue = Infinity
    for (let i = 0; i < 30; i++) {
      const item = ctx.byPublished[rng.int(ctx.byPublished.length)]!
      if (item.publishedDay > session.day || engaged[item.index]) continue
      const value = topicDot(member.taste, item) - 0.3 * item.logExposure
      if (value < worstValue) {
        worstValue = value
        worst = item
      }
    }
    if (worst && topicDot(member.taste, worst) < 0.2) {
      engaged[worst.index] = 1
      add(worst, rng.next() < 0.55 ? 'disliked' : 'not_interested')
    }
  }
}

/** The whole world, from its parameters alone (same parameters, same world). */
export function generateWorld(params: WorldParams = DEFAULT_WORLD): World {
  const rng = createRng(params.seed)
  const world: World = { ...generateCatalogue(params, rng), params, members: [], events: [] }
  const ctx = simContext(params, world.items)
  const engaged = new Uint8Array(world.items.length)
  for (let m = 0; m < params.members; m++) {
    const member = makeMember(params, rng, m)
    world.members.push({ index: member.index, taste: member.taste, sessions: member.sessions })
    engaged.fill(0)
    for (let s = 0; s < member.sessions.length; s++) simulateSession(params, rng, world, member, s, engaged, ctx)
  }
  // Which history sessions began with a stated mood: a stream of its own, so the rest of the world does not depend on it.
  const stated = createRng(params.seed ^ 0x5eed)
  for (const member of world.members) for (const session of member.sessions) if (!session.heldOut) session.stated = stated.next() < params.statedMoodShare
  return world
}

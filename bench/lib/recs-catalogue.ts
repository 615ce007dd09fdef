// The generated catalogue of the For You evaluation (`npm run eval:recs`): items with hidden
// topics and quality behind visible tags, how each mood really shifts tastes (hidden), and the
// editor's mood map (visible), an imperfect reading of the tags. recs-world.ts adds the members.
import { itemKey } from '../../cms/services/recommendations/catalog'
import { MOODS, type Mood } from '../../shared/constants'
import { createRng, type Rng } from './recs-random'

export type WorldParams = {
  seed: number
  items: number
  members: number
  /** Latent topics; an item has one (70%) or two. */
  topics: number
  /** Each topic's pool of tags; `sharedTagShare` of the slots reuse another topic's tag. */
  tagsPerTopic: number
  sharedTagShare: number
  /** Tags unrelated to any topic (genre-like words sprinkled on items at random). */
  genericTags: number
  /** Editors' categories: each groups some topics; an item is filed under its main topic's (or, misfiled, another); the site adds the category's topic tag at relevance 0.5. */
  categories: number
  misfiledShare: number
  videoShare: number
  /** Items are published over [−catalogueDays, trainDays]; history is [0, trainDays]; the held-out session is in (trainDays, trainDays + testDays]. */
  catalogueDays: number
  trainDays: number
  testDays: number
  /** Members who joined in the held-out window: no history (cold start). */
  coldStartShare: number
  /** Training sessions per member (Poisson, at least one) and items engaged per session (1 + Poisson). */
  sessionsMean: number
  itemsPerSessionMean: number
  /** Coefficients of a member's utility for an item (plus Gumbel noise: a softmax choice). */
  utility: { taste: number; mood: number; quality: number; exposure: number }
  /** An item's exposure fades with age: floor + (1 − floor) · 0.5^(age / halfLife). */
  freshnessHalfLifeDays: number
  freshnessFloor: number
  /** Share of sessions in which the member turns down one item they were shown. */
  rejectShare: number
  /** Share of history sessions in which the member told For You their mood (the held-out one always): only those moods are the site's evidence of what each mood draws people to. */
  statedMoodShare: number
  /** The editor's mood map: tags per mood, and how many of them are plain mistakes. */
  moodMapSize: number
  moodMapMistakes: number
  /** The editor's judgement of a tag's fit to a mood: the truth plus this much normal noise. */
  moodMapNoise: number
}

export const DEFAULT_WORLD: WorldParams = {
  seed: 20261127,
  items: 3000,
  members: 3000,
  topics: 24,
  tagsPerTopic: 7,
  sharedTagShare: 0.2,
  genericTags: 30,
  categories: 8,
  misfiledShare: 0.15,
  videoShare: 0.65,
  catalogueDays: 270,
  trainDays: 90,
  testDays: 7,
  coldStartShare: 0.1,
  sessionsMean: 4,
  itemsPerSessionMean: 4,
  utility: { taste: 2.5, mood: 1.5, quality: 0.7, exposure: 1 },
  freshnessHalfLifeDays: 30,
  freshnessFloor: 0.15,
  rejectShare: 0.25,
  statedMoodShare: 0.3,
  moodMapSize: 10,
  moodMapMistakes: 2,
  moodMapNoise: 0.2,
}

export type EventKind = 'video_partial' | 'video_finished' | 'post_read' | 'bookmark' | 'comment' | 'liked' | 'disliked' | 'not_interested'

export type Item = {
  index: number
  /** The site's key (`v12`, `p7`); the site's id is index + 1. */
  key: string
  kind: 'video' | 'post'
  /** Hidden: latent topics with weights summing to 1. */
  topics: { topic: number; weight: number }[]
  /** Hidden: N(0, 1). */
  quality: number
  /** Hidden: log of how much the site shows it, before freshness. */
  logExposure: number
  publishedDay: number
  /** Videos only: how long it runs (finished = 80% covered, as on the site). */
  durationSeconds: number | null
  category: number
  /** Visible: tag id → relevance. */
  tags: Map<number, number>
}

export type Catalogue = {
  items: Item[]
  tagCount: number
  /** Hidden: how each mood shifts tastes, per latent topic. */
  moodShift: Record<Mood, Float64Array>
  /** Visible: the editor's tags for each mood. */
  moodMap: Record<Mood, Set<number>>
}

const binomial = (rng: Rng, n: number, p: number) => {
  let k = 0
  for (let i = 0; i < n; i++) if (rng.next() < p) k++
  return k
}

/** Tag pools: each topic's tags in order of how often they are used (Zipf weights). */
function tagPools(p: WorldParams, rng: Rng): { pools: number[][]; generic: number[]; categoryTags: number[]; tagCount: number } {
  const pools: number[][] = []
  let next = 0
  for (let t = 0; t < p.topics; t++) {
    const pool: number[] = []
    while (pool.length < p.tagsPerTopic) {
      const reuse = t > 0 && rng.next() < p.sharedTagShare
      const tag = reuse ? rng.pick(pools[rng.int(t)]!) : next++
      if (!pool.includes(tag)) pool.push(tag)
    }
    pools.push(pool)
  }
  const generic = Array.from({ length: p.genericTags }, () => next++)
  const categoryTags = Array.from({ length: p.categories }, () => next++)
  return { pools, generic, categoryTags, tagCount: next }
}

const zipf = (n: number) => Array.from({ length: n }, (_, r) => 1 / (r + 1) ** 0.8)

function drawTags(rng: Rng, pool: number[], count: number, into: Map<number, number>) {
  const weights = zipf(pool.length)
  for (let i = 0; i < count; i++) {
    const at = rng.weighted(weights)
    weights[at] = 0
    into.set(pool[at]!, 1)
    if (weights.every((w) => w === 0)) return
  }
}

function makeItems(p: WorldParams, rng: Rng, pools: number[][], generic: number[], categoryTags: number[]): Item[] {
  const items: Item[] = []
  const topicCategory = rng.sample(p.topics, p.topics).map((_, i, order) => order.indexOf(i) % p.categories)
  for (let i = 0; i < p.items; i++) {
    const primary = rng.int(p.topics)
    let topics = [{ topic: primary, weight: 1 }]
    if (rng.next() < 0.3) {
      let secondary = rng.int(p.topics - 1)
      if (secondary >= primary) secondary++
      topics = [
        { topic: primary, weight: 0.65 },
        { topic: secondary, weight: 0.35 },
      ]
    }
    const tags = new Map<number, number>()
    // Only part of what an item is about shows: 1–3 of its main topic's tags, 0–2 of the other's.
    drawTags(rng, pools[primary]!, 1 + binomial(rng, 2, 0.5), tags)
    if (topics[1]) drawTags(rng, pools[topics[1].topic]!, binomial(rng, 2, 0.45), tags)
    // And unrelated words: a generic tag, or a tag of a topic the item is not about.
    for (let n = binomial(rng, 2, 0.3); n > 0; n--) tags.set(rng.next() < 0.5 ? rng.pick(generic) : rng.pick(pools[rng.int(p.topics)]!), 1)
    const category = rng.next() < p.misfiledShare ? rng.int(p.categories) : topicCategory[primary]!
    tags.set(categoryTags[category]!, 0.5)
    const kind = rng.next() < p.videoShare ? 'video' : 'post'
    items.push({
      index: i,
      key: itemKey(kind === 'video' ? 'video' : 'blog_post', i + 1),
      kind,
      topics,
      quality: rng.normal(),
      logExposure: 0.8 * rng.normal(),
      publishedDay: -p.catalogueDays + rng.next() * (p.catalogueDays + p.trainDays),
      durationSeconds: kind === 'video' ? 120 + rng.int(1500) : null,
      category,
      tags,
    })
  }
  return items
}

/** Each mood draws members toward three topics and away from two. */
function makeMoodShift(p: WorldParams, rng: Rng): Record<Mood, Float64Array> {
  const shift = {} as Record<Mood, Float64Array>
  for (const mood of MOODS) {
    const v = new Float64Array(p.topics)
    const [a, b, c, d, e] = rng.sample(p.topics, 5)
    v[a!] = 1
    v[b!] = 1
    v[c!] = 1
    v[d!] = -0.6
    v[e!] = -0.6
    shift[mood] = v
  }
  return shift
}

export const topicDot = (v: Float64Array, item: Item) => {
  let s = 0
  for (const { topic, weight } of item.topics) s += v[topic]! * weight
  return s
}

/**
 * The editor's mood map: for each mood, the tags whose items (as the editor knows the catalogue)
 * suit it best, judged with noise, with a few plain mistakes. Tags on fewer than five items are
 * not considered, as an editor would not know them.
 */
function makeMoodMap(p: WorldParams, rng: Rng, items: Item[], shift: Record<Mood, Float64Array>, tagCount: number): Record<Mood, Set<number>> {
  const byTag: Item[][] = Array.from({ length: tagCount }, () => [])
  for (const item of items) for (const tag of item.tags.keys()) byTag[tag]!.push(item)
  const known = byTag.flatMap((list, tag) => (list.length >= 5 ? [tag] : []))
  const map = {} as Record<Mood, Set<number>>
  for (const mood of MOODS) {
    const judged = known.map((tag) => {
      const list = byTag[tag]!
      const fit = list.reduce((s, item) => s + topicDot(shift[mood], item), 0) / list.length
      return { tag, judged: fit + p.moodMapNoise * rng.normal() }
    })
    judged.sort((a, b) => b.judged - a.judged || a.tag - b.tag)
    const chosen = judged.slice(0, p.moodMapSize).map((j) => j.tag)
    for (let m = 0; m < p.moodMapMistakes; m++) {
      let wrong = rng.pick(known)
      while (chosen.includes(wrong)) wrong = rng.pick(known)
      chosen[rng.int(chosen.length)] = wrong
    }
    map[mood] = new Set(chosen)
  }
  return map
}

/** Items, tags, mood shifts and the mood map, drawn from `rng` (the first draws of a world's seed). */
export function generateCatalogue(params: WorldParams, rng: Rng = createRng(params.seed)): Catalogue {
  const { pools, generic, categoryTags, tagCount } = tagPools(params, rng)
  const items = makeItems(params, rng, pools, generic, categoryTags)
  const moodShift = makeMoodShift(params, rng)
  const moodMap = makeMoodMap(params, rng, items, moodShift, tagCount)
  return { items, tagCount, moodShift, moodMap }
}

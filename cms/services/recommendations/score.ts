// The recommender's arithmetic (README.md), pure so the offline evaluation (bench/recs) runs the
// very code the site runs: score each item for a member, a mood and its intensity, then pick a
// varied list by maximal marginal relevance. No I/O here.
import type { Mood } from '../../../shared/constants'

/** An item's tags: tag id → relevance (0–1). */
export type TagVector = ReadonlyMap<number, number>

export type ScoredPart = 'mood' | 'popularity' | 'affinity'

export type Candidate = {
  key: string
  tags: TagVector
  /** The tags' length, when the catalogue has worked it out once (saves it per generation). */
  norm?: number
  /** Precomputed 0–1: engagement with recency decay, relative to the catalogue's best. */
  popularity: number
}

export type Weights = { diversityFactor: number; moodWeight: number; popularityWeight: number; personalityWeight: number }

export type Profile = {
  /** Learned tastes: tag id → weight (negative for what the member turned down). */
  tags: ReadonlyMap<number, number>
  /** The profile's length (for the cosine); 0 means no history (cold start). */
  norm: number
}

export type Scored<T extends Candidate = Candidate> = {
  item: T
  score: number
  parts: Record<ScoredPart, number>
  /** Which part carried the score: decides the recommendation's type and reason. */
  lead: ScoredPart
}

export const EMPTY_PROFILE: Profile = { tags: new Map(), norm: 0 }

export const vectorNorm = (tags: TagVector): number => {
  let sum = 0
  for (const w of tags.values()) sum += w * w
  return Math.sqrt(sum)
}

/** Cosine similarity of two tag vectors (0 when either is empty). */
export function cosine(a: TagVector, b: TagVector, normA = vectorNorm(a), normB = vectorNorm(b)): number {
  if (normA === 0 || normB === 0) return 0
  const [small, large] = a.size <= b.size ? [a, b] : [b, a]
  let dot = 0
  for (const [tag, w] of small) {
    const other = large.get(tag)
    if (other !== undefined) dot += w * other
  }
  return dot / (normA * normB)
}

/**
 * How well an item's tags fit a mood: 1 − e^(−1.2·Σ relevance of its tags that suit the mood),
 * so one strong match is 0.7, two are 0.91; no match is 0.
 */
export function moodMatch(tags: TagVector, moodTags: ReadonlySet<number>): number {
  let sum = 0
  for (const [tag, w] of tags) if (moodTags.has(tag)) sum += w
  return sum === 0 ? 0 : 1 - Math.exp(-1.2 * sum)
}

/** The member's affinity for an item: the cosine of their learned profile and its tags, below 0 counted as 0. */
export const affinity = (profile: Profile, tags: TagVector, tagsNorm = vectorNorm(tags)): number =>
  profile.norm === 0 ? 0 : Math.max(0, cosine(profile.tags, tags, profile.norm, tagsNorm))

export type ScoreInput<T extends Candidate = Candidate> = {
  moodTags: ReadonlySet<number>
  /** What the community engaged with while in this mood, learned (learnMoodProfiles); absent: the mood map alone. */
  moodProfile?: LearnedMood
  /** Each item's mood fit worked out once for the catalogue (moodFits): the same for every member, so not redone per list. */
  moodFits?: ReadonlyMap<T, number>
  /** 0.1–1: the mood's hold on the list grows with it (moodHold), so a strong feeling narrows it more. */
  intensity: number
  profile: Profile
  weights: Weights
}

/** A mood fit from which an item is said to be there for the mood (one strong matching tag is 0.7). */
export const CLEAR_MOOD_FIT = 0.5

/** Tag similarity from which two items count as near-duplicates: a list shows one of them. */
export const NEAR_DUPLICATE = 0.95

/**
 * How far the mood part can pull an item's score down: the mood's share of the weights in play ×
 * (0.5 + intensity), at most 1. With the §9 defaults and some history that is 0.4 × (0.5 +
 * intensity); with none (cold start) affinity is out of play and the mood's share is 0.4 / 0.6.
 */
export function moodHold(weights: Weights, intensity: number, withAffinity: boolean): number {
  const inPlay = weights.moodWeight + weights.popularityWeight + (withAffinity ? weights.personalityWeight : 0)
  return inPlay === 0 ? 0 : Math.min(1, Math.max(0, (weights.moodWeight / inPlay) * (0.5 + intensity)))
}

/**
 * The 0–1 score of every candidate. Popularity and affinity are mixed by their weights (affinity
 * is left out until the member has taken to something: cold start); the mood part then scales that mix:
 * score = base × (1 − hold + hold × mood), hold = moodHold(…). So an item that
 * fits the mood keeps its whole score and one that does not keeps (1 − hold) of it: a strong
 * feeling narrows the list to what fits it, and among what fits, what the member and the
 * community like still comes first. (Added to the other parts instead, the mood lifted items that
 * fit it but that nobody opens above the ones members did: the offline evaluation, README "For You".)
 */
export function scoreCandidates<T extends Candidate>(items: readonly T[], input: ScoreInput<T>, { top }: { top?: number } = {}): Scored<T>[] {
  const popW = input.weights.popularityWeight
  // Affinity is in play once the member has taken to something: turn-downs alone lower tags but
  // raise none, and every cosine below 0 counts as 0, so they would only shrink every score.
  const affW = hasLikes(input.profile) ? input.weights.personalityWeight : 0
  const hold = moodHold(input.weights, input.intensity, affW > 0)
  const baseW = popW + affW
  const fits = input.moodFits ?? moodFits(items, input.moodTags, input.moodProfile)
  const partsOf = (item: T) => ({ mood: fits.get(item) ?? 0, popularity: item.popularity, affinity: affW === 0 ? 0 : affinity(input.profile, item.tags, item.norm) })
  const scoreOf = (parts: Record<ScoredPart, number>) => (baseW === 0 ? 1 : (popW * parts.popularity + affW * parts.affinity) / baseW) * (1 - hold + hold * parts.mood)
  const scored = (item: T): Scored<T> => {
    const parts = partsOf(item)
    const pop = baseW === 0 ? 0 : (popW * parts.popularity) / baseW
    const aff = baseW === 0 ? 0 : (affW * parts.affinity) / baseW
    // What carried it: an item that clearly fits the mood is there for the mood, unless the
    // member's own tastes pulled harder; otherwise the mood's pull (hold × fit) against what the
    // larger part of the mix keeps without it.
    const m = hold * parts.mood
    const lead: ScoredPart = (parts.mood >= CLEAR_MOOD_FIT && m >= aff) || m >= (1 - hold) * Math.max(pop, aff) ? 'mood' : aff >= pop ? 'affinity' : 'popularity'
    return { item, score: clamp01(scoreOf(parts)), parts, lead }
  }
  if (top === undefined || items.length <= top * 2) return items.map(scored)
  // Only the best `top` (and ties) become objects: a list looks no further, and the rest is garbage.
  const scores = Float64Array.from(items, (item) => clamp01(scoreOf(partsOf(item))))
  const threshold = Float64Array.from(scores).sort()[items.length - top]!
  const out: Scored<T>[] = []
  for (let i = 0; i < items.length; i++) if (scores[i]! >= threshold) out.push(scored(items[i]!))
  return out
}

/**
 * Each item's mood fit (0–1): the mood map's match, blended with what members in this mood engaged
 * with, as far as there is evidence of it (confidence 0–1): half the item's tags against the mood's
 * learned tags (relative to the best), half the item itself among what members in this mood chose.
 * The same for every member: the site works it out once per catalogue, mood and learned profile.
 */
export function moodFits<T extends Candidate>(items: readonly T[], moodTags: ReadonlySet<number>, moodProfile?: LearnedMood): Map<T, number> {
  const learned = moodProfile && moodProfile.confidence > 0 ? moodProfile : undefined
  const moodRaw = learned ? items.map((item) => affinity(learned.profile, item.tags, item.norm)) : []
  const moodBest = moodRaw.reduce((max, v) => (v > max ? v : max), 0)
  return new Map(
    items.map((item, i) => {
      const mapped = moodMatch(item.tags, moodTags)
      return [item, learned && moodBest > 0 ? (1 - learned.confidence) * mapped + learned.confidence * 0.5 * (moodRaw[i]! / moodBest + (learned.items.get(item.key) ?? 0)) : mapped]
    }),
  )
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v)

const hasLikes = (profile: Profile) => {
  if (profile.norm === 0) return false
  for (const w of profile.tags.values()) if (w > 0) return true
  return false
}

/** How many of the best by score the diversity pick looks through for a list of `limit`. */
export const mmrPool = (limit: number) => Math.max(limit * 20, 200)

/**
 * Maximal marginal relevance: picks `limit` items one at a time, each maximising
 * (1 − diversityFactor) · score − diversityFactor · (its highest tag similarity to those already
 * picked). diversityFactor 0 is the plain ranking; the default 0.3 keeps one topic from filling
 * the list, and a near-duplicate of a picked item (NEAR_DUPLICATE) comes only when nothing else is
 * left (unless `deferNearDuplicates` is false: a "more like this" list wants the closest). Looks
 * at the best `pool` items by score only: wide enough to find varied ones.
 */
export function diversify<T extends Candidate>(
  scored: readonly Scored<T>[],
  limit: number,
  diversityFactor: number,
  { pool = mmrPool(limit), deferNearDuplicates = true }: { pool?: number; deferNearDuplicates?: boolean } = {},
): Scored<T>[] {
  const ranked = bestByScore(scored, pool)
  if (diversityFactor <= 0) return ranked.slice(0, limit)
  const norms = new Map(ranked.map((s) => [s, s.item.norm ?? vectorNorm(s.item.tags)]))
  const maxSim = new Map(ranked.map((s) => [s, 0]))
  const picked: Scored<T>[] = []
  const left = new Set(ranked)
  while (picked.length < limit && left.size > 0) {
    let best: Scored<T> | undefined
    let bestValue = -Infinity
    for (const s of left) {
      const sim = maxSim.get(s)!
      // A near-duplicate of a picked item comes only when nothing else is left.
      const value = (1 - diversityFactor) * s.score - diversityFactor * sim - (deferNearDuplicates && sim >= NEAR_DUPLICATE ? 1 : 0)
      if (value > bestValue) {
        bestValue = value
        best = s
      }
    }
    picked.push(best!)
    left.delete(best!)
    for (const s of left) {
      const sim = cosine(s.item.tags, best!.item.tags, norms.get(s), norms.get(best!))
      if (sim > maxSim.get(s)!) maxSim.set(s, sim)
    }
  }
  return picked
}

const byScoreThenKey = (a: Scored, b: Scored) => b.score - a.score || (a.item.key < b.item.key ? -1 : a.item.key > b.item.key ? 1 : 0)

/**
 * The best `count` by score, ties in key order (plain comparison: a locale-aware one costs more
 * than the whole pick). Only what reaches the count-th best score is sorted, not every candidate.
 */
export function bestByScore<T extends Scored>(scored: readonly T[], count: number): T[] {
  if (scored.length > count * 2) {
    const scores = Float64Array.from(scored, (s) => s.score).sort()
    const threshold = scores[scores.length - count]!
    return scored.filter((s) => s.score >= threshold).sort(byScoreThenKey).slice(0, count)
  }
  return [...scored].sort(byScoreThenKey).slice(0, count)
}

/** Intra-list diversity: the mean pairwise tag dissimilarity (1 − cosine) of a list. */
export function intraListDiversity(items: readonly Candidate[]): number {
  if (items.length < 2) return 0
  let sum = 0
  let pairs = 0
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      sum += 1 - cosine(items[i]!.tags, items[j]!.tags)
      pairs++
    }
  }
  return sum / pairs
}

export type HistoryEvent = { tags: TagVector; weight: number }

/**
 * The member's learned profile: the sum of the tags of what they engaged with, each event by its
 * weight (a bookmark or a finished video counts more than a view; a 'disliked' counts against).
 */
export function learnProfile(events: readonly HistoryEvent[]): Profile {
  const tags = new Map<number, number>()
  for (const event of events) {
    const norm = vectorNorm(event.tags) || 1
    for (const [tag, w] of event.tags) tags.set(tag, (tags.get(tag) ?? 0) + (event.weight * w) / norm)
  }
  return { tags, norm: vectorNorm(tags) }
}

export type LearnedMood = {
  profile: Profile
  /** Per item (its key): how much members engaged with it in this mood, relative to the most (0–1). */
  items: ReadonlyMap<string, number>
  confidence: number
}

/** Engagements a mood needs before what members did in it counts as much as the mood map. */
export const MOOD_EVIDENCE_FOR_FULL_CONFIDENCE = 200

/**
 * What members engage with in each mood, learned from the community's history: per mood, the
 * lift of each tag — its share among items engaged with in that mood over its share among all
 * engagements — kept where it is above 1 (the tags a mood pulls toward). Confidence grows with
 * the mood's evidence, so a mood few have stated leans on the mood map.
 */
export function learnMoodProfiles<M extends string>(events: readonly { mood: M; key: string; tags: TagVector; weight: number }[]): Map<M, LearnedMood> {
  const overall = new Map<number, number>()
  const byMood = new Map<M, { tags: Map<number, number>; items: Map<string, number>; weight: number }>()
  let total = 0
  for (const event of events) {
    if (event.weight <= 0) continue
    const norm = vectorNorm(event.tags) || 1
    let entry = byMood.get(event.mood)
    if (!entry) byMood.set(event.mood, (entry = { tags: new Map(), items: new Map(), weight: 0 }))
    entry.weight += event.weight
    entry.items.set(event.key, (entry.items.get(event.key) ?? 0) + event.weight)
    total += event.weight
    for (const [tag, w] of event.tags) {
      const share = (event.weight * w) / norm
      overall.set(tag, (overall.get(tag) ?? 0) + share)
      entry.tags.set(tag, (entry.tags.get(tag) ?? 0) + share)
    }
  }
  const out = new Map<M, LearnedMood>()
  for (const [mood, entry] of byMood) {
    const tags = new Map<number, number>()
    for (const [tag, sum] of entry.tags) {
      const lift = sum / entry.weight / ((overall.get(tag) ?? 0) / total)
      if (lift > 1) tags.set(tag, Math.log(lift))
    }
    let most = 0
    for (const w of entry.items.values()) most = Math.max(most, Math.log1p(w))
    const items = new Map([...entry.items].map(([key, w]) => [key, most > 0 ? Math.log1p(w) / most : 0]))
    out.set(mood, { profile: { tags, norm: vectorNorm(tags) }, items, confidence: Math.min(1, entry.weight / MOOD_EVIDENCE_FOR_FULL_CONFIDENCE) })
  }
  return out
}

/** The tags that made an item a mood match, best first (for the reason line). */
export function matchedMoodTags(tags: TagVector, moodTags: ReadonlySet<number>): number[] {
  return [...tags].filter(([tag]) => moodTags.has(tag)).sort((a, b) => b[1] - a[1]).map(([tag]) => tag)
}

/** The tag that carried an item's affinity: the largest profile weight × relevance. */
export function strongestAffinityTag(profile: Profile, tags: TagVector): number | undefined {
  let best: number | undefined
  let bestValue = 0
  for (const [tag, w] of tags) {
    const value = (profile.tags.get(tag) ?? 0) * w
    if (value > bestValue) {
      bestValue = value
      best = tag
    }
  }
  return best
}

export type { Mood }

// What the site computes from what it can see, for the For You evaluation: popularity from
// engagement, a member's learned profile from their history, and the three top-10 lists compared
// (the recommender, popularity alone, the mood map alone). The scoring is the site's own
// (cms/services/recommendations/score.ts), imported, never copied.
import {
  diversify,
  learnProfile,
  moodMatch,
  scoreCandidates,
  type Candidate,
  type HistoryEvent,
  type Profile,
  type Weights,
} from '../../cms/services/recommendations/score'
import type { EventKind, HistoryEntry, Item } from './recs-world'

/** How much each kind of history event says about a member's tastes (as the site weighs them). */
export const HISTORY_WEIGHTS: Record<EventKind, number> = {
  bookmark: 1.0,
  video_finished: 1.0,
  video_partial: 0.4,
  post_read: 0.6,
  comment: 0.8,
  liked: 1.2,
  disliked: -1.0,
  not_interested: -1.5,
}

/** Popularity's half-life: an item's engagement counts half as much 45 days after it was published. */
export const POPULARITY_HALF_LIFE_DAYS = 45

/** A positive history event: the member engaged with the item (relevance in the held-out session). */
export const isEngagement = (kind: EventKind) => HISTORY_WEIGHTS[kind] > 0

export type EvalCandidate = Candidate & { index: number }

/**
 * Each item's popularity at `nowDay`: log1p(its engagement, weighted by kind) × 0.5^(age / 45 days),
 * divided by the catalogue's best, so the best is 1. Turn-downs do not count as engagement.
 */
export function popularityScores(items: readonly Item[], events: readonly HistoryEntry[], nowDay: number): Float64Array {
  const weighted = new Float64Array(items.length)
  for (const e of events) if (isEngagement(e.kind)) weighted[e.item]! += HISTORY_WEIGHTS[e.kind]
  const scores = new Float64Array(items.length)
  let best = 0
  for (const item of items) {
    const age = Math.max(0, nowDay - item.publishedDay)
    const score = Math.log1p(weighted[item.index]!) * 0.5 ** (age / POPULARITY_HALF_LIFE_DAYS)
    scores[item.index] = score
    if (score > best) best = score
  }
  if (best > 0) for (let i = 0; i < scores.length; i++) scores[i]! /= best
  return scores
}

/** The candidates the site would score: every item, with its tags and popularity. */
export const toCandidates = (items: readonly Item[], popularity: Float64Array): EvalCandidate[] =>
  items.map((item) => ({ key: item.key, tags: item.tags, popularity: popularity[item.index]!, index: item.index }))

/** The member's profile from their own history, each event weighed by its kind. */
export function memberProfile(history: readonly HistoryEntry[], items: readonly Item[]): Profile {
  const events: HistoryEvent[] = history.map((e) => ({ tags: items[e.item]!.tags, weight: HISTORY_WEIGHTS[e.kind] }))
  return learnProfile(events)
}

export type ListInput = {
  candidates: readonly EvalCandidate[]
  moodTags: ReadonlySet<number>
  intensity: number
  profile: Profile
  weights: Weights
  limit: number
}

/** The site's list: every part scored, then a varied list picked by maximal marginal relevance. */
export function recommenderList(input: ListInput): EvalCandidate[] {
  const scored = scoreCandidates(input.candidates, input)
  return diversify(scored, input.limit, input.weights.diversityFactor).map((s) => s.item)
}

const byKey = (a: EvalCandidate, b: EvalCandidate) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)

/** Baseline: the most popular items the member has not engaged with. */
export function popularityList(input: Pick<ListInput, 'candidates' | 'limit'>): EvalCandidate[] {
  return topBy(input.candidates, input.limit, (c) => c.popularity)
}

/** Baseline: the items whose tags best fit the mood map (ties in key order, which is arbitrary). */
export function moodMatchList(input: Pick<ListInput, 'candidates' | 'moodTags' | 'limit'>): EvalCandidate[] {
  return topBy(input.candidates, input.limit, (c) => moodMatch(c.tags, input.moodTags))
}

/** The `limit` candidates of highest value, ties in key order (one pass; the lists are short). */
export function topBy(candidates: readonly EvalCandidate[], limit: number, value: (c: EvalCandidate) => number): EvalCandidate[] {
  const top: { c: EvalCandidate; v: number }[] = []
  const before = (a: { c: EvalCandidate; v: number }, b: { c: EvalCandidate; v: number }) => a.v > b.v || (a.v === b.v && byKey(a.c, b.c) < 0)
  for (const c of candidates) {
    const entry = { c, v: value(c) }
    if (top.length === limit && !before(entry, top[limit - 1]!)) continue
    let at = top.length
    while (at > 0 && before(entry, top[at - 1]!)) at--
    top.splice(at, 0, entry)
    if (top.length > limit) top.pop()
  }
  return top.map((x) => x.c)
}

import { describe, expect, it } from 'vitest'

import { RECOMMENDATION_WEIGHTS } from '../../../shared/constants'
import { bestByScore, type Candidate, cosine, diversify, EMPTY_PROFILE, intraListDiversity, learnMoodProfiles, learnProfile, moodHold, moodMatch, scoreCandidates } from './score'

const item = (key: string, tags: Record<number, number>, popularity = 0): Candidate => ({ key, tags: new Map(Object.entries(tags).map(([t, w]) => [Number(t), w])), popularity })
const weights = { ...RECOMMENDATION_WEIGHTS }

describe('scoring', () => {
  it('a mood match grows with the matching tags and their relevance, and is 0 without one', () => {
    const mood = new Set([1, 2])
    expect(moodMatch(item('a', { 3: 1 }).tags, mood)).toBe(0)
    const one = moodMatch(item('b', { 1: 1, 3: 1 }).tags, mood)
    const two = moodMatch(item('c', { 1: 1, 2: 1 }).tags, mood)
    const weak = moodMatch(item('d', { 1: 0.3 }).tags, mood)
    expect(one).toBeGreaterThan(weak)
    expect(two).toBeGreaterThan(one)
    expect(two).toBeLessThanOrEqual(1)
  })

  it('scores lie in 0–1, and a stronger feeling lets the mood outweigh popularity', () => {
    const moodItem = item('mood', { 1: 1 }, 0.5)
    const popular = item('popular', { 9: 1 }, 1)
    const at = (intensity: number) => scoreCandidates([moodItem, popular], { moodTags: new Set([1]), intensity, profile: EMPTY_PROFILE, weights })
    for (const s of [...at(0.1), ...at(1)]) {
      expect(s.score).toBeGreaterThanOrEqual(0)
      expect(s.score).toBeLessThanOrEqual(1)
    }
    const calm = at(0.1)
    const strong = at(1)
    const gap = (list: typeof calm) => list.find((s) => s.item.key === 'mood')!.score - list.find((s) => s.item.key === 'popular')!.score
    expect(gap(strong)).toBeGreaterThan(gap(calm))
    expect(strong.find((s) => s.item.key === 'mood')!.lead).toBe('mood')
  })

  it('cold start: with no history the affinity part is left out of the mix, so a good mood match keeps nearly all its popularity', () => {
    const [fits, not] = scoreCandidates([item('a', { 1: 1, 2: 1 }, 0.8), item('b', { 3: 1 }, 0.8)], { moodTags: new Set([1, 2]), intensity: 0.5, profile: EMPTY_PROFILE, weights })
    expect(fits!.parts.affinity).toBe(0)
    expect(fits!.score).toBeGreaterThan(0.75)
    expect(fits!.score).toBeGreaterThan(not!.score)
  })

  it('the mood scales the mix: an item that does not fit it keeps 1 − hold of its score, the mood’s share of the weights in play × (0.5 + intensity)', () => {
    const profile = learnProfile([{ tags: item('x', { 3: 1 }).tags, weight: 1 }])
    const [fits, not] = scoreCandidates([item('a', { 1: 1, 2: 1, 4: 1, 5: 1 }, 0.6), item('b', { 6: 1 }, 0.6)], { moodTags: new Set([1, 2, 4, 5]), intensity: 0.5, profile, weights })
    expect(moodHold(weights, 0.5, true)).toBeCloseTo(0.4)
    expect(not!.score).toBeCloseTo(((0.2 * 0.6) / 0.6) * 0.6)
    expect(fits!.score).toBeCloseTo(0.2, 1)
    // No history: affinity is out of play and the mood's share of what is left is 0.4 / 0.6.
    expect(moodHold(weights, 0.5, false)).toBeCloseTo(2 / 3)
    expect(moodHold({ ...weights, moodWeight: 1, popularityWeight: 0.1, personalityWeight: 0.1 }, 1, true)).toBe(1)
  })

  it('turn-downs alone leave affinity out of play: the scores are those of cold start', () => {
    const turnedDown = learnProfile([{ tags: item('x', { 6: 1 }).tags, weight: -1.5 }])
    const items = [item('a', { 1: 1 }, 0.7), item('b', { 5: 1 }, 0.4)]
    const at = (profile: typeof turnedDown) => scoreCandidates(items, { moodTags: new Set([1]), intensity: 0.5, profile, weights }).map((s) => s.score)
    expect(at(turnedDown)).toEqual(at(EMPTY_PROFILE))
  })

  it('history teaches the profile: liked tags rise, disliked tags sink', () => {
    const profile = learnProfile([
      { tags: item('x', { 5: 1 }).tags, weight: 1.2 },
      { tags: item('y', { 6: 1 }).tags, weight: -1 },
    ])
    const scored = scoreCandidates([item('likes', { 5: 1 }), item('dislikes', { 6: 1 }), item('neutral', { 7: 1 })], { moodTags: new Set(), intensity: 0.5, profile, weights })
    const by = (key: string) => scored.find((s) => s.item.key === key)!
    expect(by('likes').score).toBeGreaterThan(by('neutral').score)
    expect(by('dislikes').parts.affinity).toBe(0)
    expect(by('likes').lead).toBe('affinity')
  })
})

describe('maximal marginal relevance', () => {
  // Equal relevance: three near-duplicates on one topic and three items on three other topics.
  const dupes = [item('d1', { 1: 1, 2: 1 }), item('d2', { 1: 1, 2: 1 }), item('d3', { 1: 1, 2: 0.9 })]
  const varied = [item('v1', { 3: 1 }), item('v2', { 4: 1 }), item('v3', { 5: 1 })]
  const scored = [...dupes, ...varied].map((i, n) => ({ item: i, score: n < 3 ? 0.8 : 0.78, parts: { mood: 0, popularity: 0, affinity: 0 }, lead: 'mood' as const }))

  it('with the default diversity a varied list beats a near-duplicate one at (almost) equal relevance', () => {
    const list = diversify(scored, 4, RECOMMENDATION_WEIGHTS.diversityFactor).map((s) => s.item)
    expect(list.filter((i) => i.key.startsWith('d'))).toHaveLength(1)
    expect(intraListDiversity(list)).toBeGreaterThan(intraListDiversity(diversify(scored, 4, 0).map((s) => s.item)))
  })

  it('a near-duplicate of a picked item comes only when nothing else is left, however much higher it scores', () => {
    const strong = scored.map((s) => ({ ...s, score: s.item.key.startsWith('d') ? 1 : 0.2 }))
    expect(diversify(strong, 4, RECOMMENDATION_WEIGHTS.diversityFactor).map((s) => s.item.key)).toEqual(['d1', 'v1', 'v2', 'v3'])
    expect(diversify(strong, 6, RECOMMENDATION_WEIGHTS.diversityFactor).map((s) => s.item.key).slice(4).sort()).toEqual(['d2', 'd3'])
  })

  it('diversityFactor 0 is the plain ranking', () => {
    expect(diversify(scored, 3, 0).map((s) => s.item.key)).toEqual(['d1', 'd2', 'd3'])
  })

  it('never returns more than asked, nor an item twice', () => {
    const list = diversify(scored, 10, 0.3)
    expect(list).toHaveLength(6)
    expect(new Set(list.map((s) => s.item.key)).size).toBe(6)
  })

  it('cosine is 1 for the same tags, 0 for disjoint or empty ones', () => {
    expect(cosine(dupes[0]!.tags, dupes[1]!.tags)).toBeCloseTo(1)
    expect(cosine(varied[0]!.tags, varied[1]!.tags)).toBe(0)
    expect(cosine(new Map(), varied[0]!.tags)).toBe(0)
  })
})

describe('learned moods', () => {
  const tags = (t: Record<number, number>) => new Map(Object.entries(t).map(([k, w]) => [Number(k), w]))
  it('a mood pulls toward the tags members chose more often in it than overall, with confidence growing with evidence', () => {
    const events = [
      ...Array.from({ length: 30 }, () => ({ mood: 'sad', key: 'v1', tags: tags({ 1: 1 }), weight: 1 })),
      ...Array.from({ length: 10 }, () => ({ mood: 'sad', key: 'v2', tags: tags({ 2: 1 }), weight: 1 })),
      ...Array.from({ length: 40 }, () => ({ mood: 'angry', key: 'v2', tags: tags({ 2: 1 }), weight: 1 })),
      { mood: 'angry', key: 'v3', tags: tags({ 3: 1 }), weight: -1 },
    ]
    const learned = learnMoodProfiles(events)
    const sad = learned.get('sad')!
    expect(sad.profile.tags.get(1)).toBeGreaterThan(0)
    expect(sad.profile.tags.has(2)).toBe(false)
    expect(sad.items.get('v1')).toBe(1)
    expect(sad.items.get('v2')!).toBeLessThan(1)
    expect(sad.confidence).toBeCloseTo(40 / 200)
    expect(learned.get('angry')!.items.has('v3')).toBe(false)
  })

  it('with full evidence the learned part leads the mood score; without, the mood map alone', () => {
    const a = item('a', { 1: 1 })
    const b = item('b', { 2: 1 })
    const moodProfile = { profile: { tags: tags({ 2: 1 }), norm: 1 }, items: new Map([['b', 1]]), confidence: 1 }
    const input = { moodTags: new Set([1]), intensity: 0.5, profile: EMPTY_PROFILE, weights }
    const mapOnly = scoreCandidates([a, b], input)
    const withLearned = scoreCandidates([a, b], { ...input, moodProfile })
    expect(mapOnly[0]!.parts.mood).toBeGreaterThan(mapOnly[1]!.parts.mood)
    expect(withLearned[1]!.parts.mood).toBeGreaterThan(withLearned[0]!.parts.mood)
  })
})

describe('the best by score', () => {
  it('is the top of the full ranking, ties in key order, whatever the count', () => {
    // Scores on a coarse grid, so many tie.
    const scored = Array.from({ length: 500 }, (_, n) => ({ item: item(`k${(n * 7919) % 500}`, {}), score: ((n * 37) % 23) / 22, parts: { mood: 0, popularity: 0, affinity: 0 }, lead: 'mood' as const }))
    const full = [...scored].sort((a, b) => b.score - a.score || (a.item.key < b.item.key ? -1 : 1))
    for (const count of [1, 10, 200, 499, 600]) expect(bestByScore(scored, count)).toEqual(full.slice(0, count))
  })
})

import { describe, expect, it } from 'vitest'

import { memberCases } from './recs-eval'
import { coverage, meanWithCi, ndcgAtK, pairedDifference, percentile, precisionAtK, recallAtK } from './recs-metrics'
import { itemKey } from '../../cms/services/recommendations/catalog'
import { MOODS } from '../../shared/constants'
import type { Catalogue } from './recs-catalogue'
import { itemEngagement, memberHistory, siteCatalog } from './recs-model'
import { DEFAULT_WORLD, generateWorld, type HistoryEntry, type Item } from './recs-world'

const relevant = new Set(['a', 'b'])

describe('ranking metrics of the For You evaluation', () => {
  it('precision@k counts the relevant items among the first k, over k even when the list is shorter', () => {
    expect(precisionAtK(['a', 'x', 'b', 'y'], relevant, 4)).toBe(0.5)
    expect(precisionAtK(['a', 'x', 'b', 'y'], relevant, 2)).toBe(0.5)
    expect(precisionAtK(['a'], relevant, 10)).toBe(0.1)
    expect(precisionAtK([], relevant, 10)).toBe(0)
  })

  it('recall@k is the share of the relevant items found in the first k', () => {
    expect(recallAtK(['x', 'a', 'y'], relevant, 3)).toBe(0.5)
    expect(recallAtK(['x', 'a', 'b'], relevant, 2)).toBe(0.5)
    expect(recallAtK(['a'], new Set(), 10)).toBe(0)
  })

  it('nDCG@k is 1 for an ideal list and rewards relevant items found earlier', () => {
    expect(ndcgAtK(['a', 'b', 'x'], relevant, 10)).toBeCloseTo(1, 12)
    expect(ndcgAtK(['b', 'a'], relevant, 10)).toBeCloseTo(1, 12)
    // One of two relevant items, at rank 2: (1/log2 3) / (1 + 1/log2 3).
    const second = 1 / Math.log2(3)
    expect(ndcgAtK(['x', 'a'], relevant, 10)).toBeCloseTo(second / (1 + second), 12)
    expect(ndcgAtK(['a', 'x'], relevant, 10)).toBeGreaterThan(ndcgAtK(['x', 'a'], relevant, 10))
    expect(ndcgAtK(['x', 'y'], relevant, 10)).toBe(0)
    expect(ndcgAtK(['a'], new Set(), 10)).toBe(0)
  })

  it('nDCG@k ignores what lies beyond k, and its ideal holds at most k relevant items', () => {
    expect(ndcgAtK(['x', 'a'], relevant, 1)).toBe(0)
    const many = new Set(['a', 'b', 'c', 'd'])
    expect(ndcgAtK(['a', 'b'], many, 2)).toBeCloseTo(1, 12)
  })

  it('coverage is the share of the catalogue in at least one list, each item counted once', () => {
    expect(coverage([['a', 'b'], ['b', 'c']], 10)).toBeCloseTo(0.3, 12)
    expect(coverage([], 10)).toBe(0)
    expect(coverage([['a']], 0)).toBe(0)
  })

  it('percentiles interpolate between ranks', () => {
    const values = [5, 1, 4, 2, 3]
    expect(percentile(values, 50)).toBe(3)
    expect(percentile(values, 0)).toBe(1)
    expect(percentile(values, 100)).toBe(5)
    expect(percentile([10, 20], 95)).toBeCloseTo(19.5, 12)
    expect(percentile([], 50)).toBeNaN()
  })

  it('a mean comes with a 95% interval that narrows with more members; paired differences subtract member by member', () => {
    const small = meanWithCi([0, 1, 0, 1])
    const large = meanWithCi(Array.from({ length: 400 }, (_, i) => i % 2))
    expect(small.mean).toBe(0.5)
    expect(large.mean).toBe(0.5)
    expect(large.ci95).toBeLessThan(small.ci95)
    expect(meanWithCi([0.3]).ci95).toBe(0)
    expect(pairedDifference([1, 2, 3], [1, 1, 1])).toEqual({ mean: 1, ci95: 1.96 * Math.sqrt(1 / 3) })
    expect(() => pairedDifference([1], [1, 2])).toThrow()
  })
})

describe('what the evaluation feeds the site', () => {
  const item = (index: number, kind: Item['kind'], publishedDay: number): Item => ({
    index,
    key: itemKey(kind === 'video' ? 'video' : 'blog_post', index + 1),
    kind,
    topics: [{ topic: 0, weight: 1 }],
    quality: 0,
    logExposure: 0,
    publishedDay,
    durationSeconds: kind === 'video' ? 600 : null,
    category: 0,
    tags: new Map([[index, 1]]),
  })
  const event = (itemIndex: number, kind: HistoryEntry['kind']): HistoryEntry => ({ member: 0, item: itemIndex, kind, day: 0, session: 0 })
  const catalogue = (items: Item[]): Catalogue => ({
    items,
    tagCount: items.length,
    moodShift: {} as Catalogue['moodShift'],
    moodMap: Object.fromEntries(MOODS.map((mood) => [mood, new Set<number>()])) as Catalogue['moodMap'],
  })

  it('the site reads a generated history as the kinds it was made of: finished and partial watches, saves, reads, comments, feedback', () => {
    const items = [item(0, 'video', 0), item(1, 'video', 0), item(2, 'post', 0), item(3, 'video', 0), item(4, 'post', 0), item(5, 'video', 0)]
    const history = [event(0, 'video_finished'), event(1, 'video_partial'), event(2, 'post_read'), event(2, 'bookmark'), event(3, 'comment'), event(4, 'not_interested'), event(5, 'liked')]
    const catalog = siteCatalog(catalogue(items), [], 90)
    const read = memberHistory(history, items, catalog)
    const kinds = Object.fromEntries(read.engaged.map((e) => [e.item.key, e.kind]))
    expect(kinds).toEqual({ v1: 'finished', v2: 'watched', p3: 'bookmark', v4: 'comment', v6: 'liked' })
    // Left out as the site leaves them out: all but the partly watched video.
    expect([...read.excluded].sort()).toEqual(['p3', 'p5', 'v1', 'v4'])
    // The turned-down post counts against its tag.
    expect(read.profile.tags.get(4)).toBeLessThan(0)
    expect(read.profile.tags.get(0)).toBeGreaterThan(read.profile.tags.get(1)!)
  })

  it('popularity is the site’s: per kind relative to its best, engagement summed as the catalogue sums it, halved by 45 days of age', () => {
    const items = [item(0, 'video', 90), item(1, 'video', 45), item(2, 'post', 90), item(3, 'video', 91)]
    const events = [event(0, 'video_finished'), event(1, 'video_finished'), event(2, 'post_read'), event(3, 'video_finished')]
    expect(itemEngagement(items[0]!, [event(0, 'video_partial'), event(0, 'video_finished'), event(0, 'bookmark'), event(0, 'comment'), event(0, 'liked')])).toBe(1 + 4 + 4 + 3)
    expect(itemEngagement(items[2]!, [event(2, 'post_read'), event(2, 'bookmark')])).toBe(2 + 4)
    const catalog = siteCatalog(catalogue(items), events, 90)
    expect(catalog.items.map((c) => c.key)).toEqual(['v1', 'v2', 'p3'])
    expect(catalog.byKey.get('v1')!.popularity).toBe(1)
    expect(catalog.byKey.get('v2')!.popularity).toBeCloseTo(0.5, 12)
    expect(catalog.byKey.get('p3')!.popularity).toBe(1)
  })

  it('the same seed makes the same world, and the split never shows a member what they engaged with later', () => {
    const params = { ...DEFAULT_WORLD, items: 300, members: 120 }
    const a = generateWorld(params)
    const b = generateWorld(params)
    expect(a.events).toEqual(b.events)
    expect(a.events.length).toBeGreaterThan(1000)
    expect(generateWorld({ ...params, seed: params.seed + 1 }).events).not.toEqual(a.events)

    const { cases, split } = memberCases(a)
    expect(split.coldStartMembers).toBeGreaterThan(0)
    for (const c of cases) {
      const trained = new Set(a.events.filter((e) => e.member === c.member.index && e.day <= params.trainDays).map((e) => a.items[e.item]!.key))
      const candidates = new Set(c.input.catalog.items.map((x) => x.key))
      for (const key of trained) expect(candidates.has(key)).toBe(false)
      // What they engaged with in the held-out session is there to be found, and was not in their history.
      for (const key of c.relevant) {
        expect(candidates.has(key)).toBe(true)
        expect(trained.has(key)).toBe(false)
      }
      expect(c.cold).toBe(trained.size === 0)
      expect(c.input.history.profile.norm === 0).toBe(c.cold)
    }
  })
})

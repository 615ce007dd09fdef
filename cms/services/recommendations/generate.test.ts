import { describe, expect, it } from 'vitest'

import { RECOMMENDATION_WEIGHTS } from '../../../shared/constants'
import type { User } from '../../payload-types'
import { type Catalog, type CatalogItem, itemKey, popularityScores } from './catalog'
import { pickFrom } from './generate'
import { type HistoryRow, interpretHistory } from './history'
import { TRENDING_REASON } from './reasons'

// Tags: 1 'uplifting stories' (hopeful), 2 'community wins' (hopeful), 3 'police accountability', 4 'justice' (a category), 5 'history'.
const tags: Catalog['tags'] = new Map([
  [1, { name: 'uplifting stories', description: 'uplifting community stories', categoryId: null, moods: ['hopeful'] }],
  [2, { name: 'community wins', description: null, categoryId: null, moods: ['hopeful'] }],
  [3, { name: 'police accountability', description: 'police accountability', categoryId: null, moods: ['angry'] }],
  [4, { name: 'justice', description: null, categoryId: 7, moods: [] }],
  [5, { name: 'history', description: 'our history', categoryId: null, moods: [] }],
])

let nextId = 1
const video = (title: string, tagWeights: Record<number, number>, extra: Partial<CatalogItem> = {}): CatalogItem => {
  const id = nextId++
  return {
    key: itemKey('video', id), type: 'video', id, contentId: `vid${id}`, title, durationSeconds: 100, publishedAt: 0, popularity: 0.1,
    tags: new Map(Object.entries(tagWeights).map(([t, w]) => [Number(t), w])), isPremium: false, isUncut: false, earlyAccessUntil: null, ...extra,
  }
}

const items = [
  video('Block party', { 1: 1, 2: 1 }),
  video('Garden harvest', { 1: 1 }),
  video('Oversight board', { 3: 1, 4: 0.5 }),
  video('Stop data', { 3: 1, 4: 0.5 }),
  video('Premium lecture', { 1: 1, 2: 1 }, { isPremium: true }),
  video('Early cut', { 1: 1, 2: 1 }, { earlyAccessUntil: new Date(Date.now() + 86_400_000).toISOString() }),
  video('Greensboro', { 5: 1 }, { popularity: 1 }),
]
const catalog: Catalog = {
  items,
  byKey: new Map(items.map((i) => [i.key, i])),
  byContentId: new Map(items.map((i) => [`video:${i.contentId}`, i])),
  tags,
  moodTags: new Map([['hopeful', new Set([1, 2])], ['angry', new Set([3])]]),
  loadedAt: 0,
}
const member = { id: 1, isPremium: false } as User
const premium = { id: 2, isPremium: true } as User
const settings = { weights: { ...RECOMMENDATION_WEIGHTS }, avoidedTags: new Set<string>(), contentTypes: null }
const row = (kind: HistoryRow['kind'], item: CatalogItem, extra: Partial<HistoryRow> = {}): HistoryRow => ({ kind, video: item.id, post: null, contentType: null, contentId: null, amount: null, feedback: null, ...extra })
const titles = (list: { item: CatalogItem }[]) => list.map((p) => p.item.title)
const byTitle = (title: string) => items.find((i) => i.title === title)!

describe('a member’s list', () => {
  it('cold start: a mood alone gives a full list, the mood’s items before equally popular others, with reasons that name the mood', () => {
    const picks = pickFrom(catalog, member, interpretHistory([], catalog), settings, { mood: 'hopeful', intensity: 0.5, limit: 4 })
    expect(picks).toHaveLength(4)
    const place = (title: string) => titles(picks).indexOf(title)
    expect(place('Block party')).toBeGreaterThanOrEqual(0)
    expect(place('Block party')).toBeLessThan(place('Oversight board') < 0 ? Infinity : place('Oversight board'))
    expect(picks[place('Block party')]).toMatchObject({ recommendationType: 'mood_based', reason: 'Because you feel hopeful: uplifting community stories, community wins' })
  })

  it('never offers what the one gating rule keeps from the member; a premium member gets it', () => {
    const all = (user: User) => titles(pickFrom(catalog, user, interpretHistory([], catalog), settings, { mood: 'hopeful', intensity: 1, limit: 10 }))
    expect(all(member)).not.toContain('Premium lecture')
    expect(all(member)).not.toContain('Early cut')
    expect(all(premium)).toEqual(expect.arrayContaining(['Premium lecture', 'Early cut']))
  })

  it('leaves out what the member finished, saved, marked not interested or disliked; a half-watched video stays', () => {
    const history = interpretHistory(
      [
        row('progress', byTitle('Block party'), { amount: 90 }),
        row('progress', byTitle('Garden harvest'), { amount: 20 }),
        row('feedback', byTitle('Oversight board'), { feedback: 'not_interested' }),
        row('feedback', byTitle('Greensboro'), { feedback: 'disliked' }),
        row('bookmark', byTitle('Stop data'), { video: null, contentType: 'video', contentId: byTitle('Stop data').contentId }),
      ],
      catalog,
    )
    const list = titles(pickFrom(catalog, member, history, settings, { mood: 'angry', intensity: 0.5, limit: 10 }))
    expect(list).not.toContain('Block party')
    expect(list).not.toContain('Oversight board')
    expect(list).not.toContain('Greensboro')
    expect(list).not.toContain('Stop data')
    expect(list).toContain('Garden harvest')
  })

  it('learns from history: what is like a bookmark comes first, and says so', () => {
    const history = interpretHistory([row('bookmark', byTitle('Oversight board'))], catalog)
    const [first] = pickFrom(catalog, member, history, settings, { mood: 'peaceful', intensity: 0.1, limit: 3 })
    expect(first!.item.title).toBe('Stop data')
    expect(first!.recommendationType).toBe('similar_content')
    expect(first!.reason).toBe('Because you saved “Oversight board”')
  })

  it('an item carried by popularity alone is trending; avoided tags leave items out', () => {
    const picks = pickFrom(catalog, member, interpretHistory([], catalog), { ...settings, avoidedTags: new Set(['uplifting stories']) }, { mood: 'peaceful', intensity: 0.1, limit: 10 })
    expect(titles(picks)).not.toContain('Block party')
    expect(picks.find((p) => p.item.title === 'Greensboro')).toMatchObject({ recommendationType: 'trending', reason: TRENDING_REASON })
  })
})

describe('popularity', () => {
  it('is relative to the best and halves with age', () => {
    const now = Date.UTC(2026, 0, 100)
    const [fresh, old, none] = popularityScores([{ engagement: 100, publishedAt: now }, { engagement: 100, publishedAt: now - 45 * 86_400_000 }, { engagement: 0, publishedAt: now }], now)
    expect(fresh).toBe(1)
    expect(old).toBeCloseTo(0.5)
    expect(none).toBeLessThan(0.2)
  })

  it('where nobody has engaged yet, recency alone decides', () => {
    const now = Date.UTC(2026, 0, 100)
    const [fresh, older] = popularityScores([{ engagement: 0, publishedAt: now }, { engagement: 0, publishedAt: now - 45 * 86_400_000 }], now)
    expect(fresh).toBe(1)
    expect(older).toBeCloseTo(0.5)
  })
})

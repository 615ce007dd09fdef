// The site's own For You code, fed from the generated world: the world's items become the
// catalogue the site would load (tags, the editor's mood map, popularity by the site's formula),
// a member's history becomes the rows the site would read, and the list is the site's pickFrom
// (filter, score, diversify, reasons). Only the database reads are replaced; nothing is copied
// but the engagement sum that loadCatalog makes in SQL (itemEngagement below).
import { type Catalog, type CatalogItem, popularityScores, POPULARITY_HALF_LIFE_DAYS } from '../../cms/services/recommendations/catalog'
import { type MemberSettings, pickFrom } from '../../cms/services/recommendations/generate'
import { HISTORY_WEIGHTS, type HistoryRow, interpretHistory, type MemberHistory } from '../../cms/services/recommendations/history'
import { moodProfilesFrom } from '../../cms/services/recommendations/mood-evidence'
import { type LearnedMood, moodMatch, type Weights } from '../../cms/services/recommendations/score'
import type { User } from '../../cms/payload-types'
import { MOODS, type Mood } from '../../shared/constants'
import type { Catalogue, EventKind, Item } from './recs-catalogue'
import type { HistoryEntry, Member } from './recs-world'

export { HISTORY_WEIGHTS, POPULARITY_HALF_LIFE_DAYS }

const DAY_MS = 86_400_000
/** Day 0 of the world on the site's clock (any fixed instant: only differences matter). */
export const EPOCH_MS = Date.UTC(2026, 0, 1)
export const dayToMs = (day: number) => EPOCH_MS + day * DAY_MS

/** A positive history event: the member engaged with the item (relevance in the held-out session). */
export const isEngagement = (kind: EventKind) => kind !== 'disliked' && kind !== 'not_interested'

/**
 * An item's engagement as the catalogue sums it (catalog.ts loadCatalog, there in SQL): videos
 * views + 3·completions + 4·bookmarks + 3·comments, posts 2·reads + 4·bookmarks. Every watch,
 * partial or finished, is a view.
 */
export function itemEngagement(item: Item, events: readonly HistoryEntry[]): number {
  let sum = 0
  for (const e of events) {
    if (item.kind === 'video') sum += e.kind === 'video_partial' ? 1 : e.kind === 'video_finished' ? 1 + 3 : e.kind === 'bookmark' ? 4 : e.kind === 'comment' ? 3 : 0
    else sum += e.kind === 'post_read' ? 2 : e.kind === 'bookmark' ? 4 : 0
  }
  return sum
}

/** The catalogue the site would hold at `nowDay`: every item published by then, popularity from `events` (relative to the best of its kind). */
export function siteCatalog(catalogue: Catalogue, events: readonly HistoryEntry[], nowDay: number): Catalog {
  const byItem: HistoryEntry[][] = catalogue.items.map(() => [])
  for (const e of events) if (e.day <= nowDay) byItem[e.item]!.push(e)
  const published = catalogue.items.filter((item) => item.publishedDay <= nowDay)
  const items: CatalogItem[] = published.map((item) => ({
    key: item.key,
    type: item.kind === 'video' ? 'video' : 'blog_post',
    id: item.index + 1,
    contentId: item.key,
    title: `Item ${item.index + 1}`,
    tags: item.tags,
    popularity: 0,
    isPremium: false,
    isUncut: false,
    earlyAccessUntil: null,
    durationSeconds: item.durationSeconds,
    publishedAt: dayToMs(item.publishedDay),
  }))
  for (const type of ['video', 'blog_post'] as const) {
    const ofType = items.filter((c) => c.type === type)
    const raw = ofType.map((c) => ({ engagement: itemEngagement(catalogue.items[c.id - 1]!, byItem[c.id - 1]!), publishedAt: c.publishedAt }))
    popularityScores(raw, dayToMs(nowDay)).forEach((score, i) => (ofType[i]!.popularity = score))
  }
  const tagNames = new Map<number, Mood[]>()
  for (const mood of MOODS) for (const tag of catalogue.moodMap[mood]) tagNames.set(tag, [...(tagNames.get(tag) ?? []), mood])
  return {
    items,
    byKey: new Map(items.map((c) => [c.key, c])),
    byContentId: new Map(items.map((c) => [`${c.type}:${c.contentId}`, c])),
    tags: new Map(Array.from({ length: catalogue.tagCount }, (_, tag) => [tag, { name: `tag ${tag}`, description: null, categoryId: null, moods: tagNames.get(tag) ?? [] }])),
    moodTags: new Map(MOODS.map((mood) => [mood, catalogue.moodMap[mood]])),
    loadedAt: dayToMs(nowDay),
  }
}

/** A member's history as the rows the site reads (history.ts readHistory): saves, watch progress, reads, comments, feedback. */
export function historyRows(history: readonly HistoryEntry[], items: readonly Item[]): HistoryRow[] {
  return history.map((e): HistoryRow => {
    const item = items[e.item]!
    const id = item.index + 1
    const video = item.kind === 'video' ? id : null
    const post = item.kind === 'post' ? id : null
    const base: HistoryRow = { kind: 'feedback', video, post, contentType: null, contentId: null, amount: null, feedback: null }
    switch (e.kind) {
      case 'bookmark':
        return { ...base, kind: 'bookmark', video: null, post: null, contentType: item.kind === 'video' ? 'video' : 'blog_post', contentId: item.key }
      case 'video_finished':
        return { ...base, kind: 'progress', post: null, amount: item.durationSeconds }
      case 'video_partial':
        return { ...base, kind: 'progress', post: null, amount: 0.4 * (item.durationSeconds ?? 0) }
      case 'post_read':
        return { ...base, kind: 'read', video: null }
      case 'comment':
        return { ...base, kind: 'comment', post: null }
      default:
        return { ...base, feedback: e.kind }
    }
  })
}

type EvidenceRow = Parameters<typeof moodProfilesFrom>[0][number]

/**
 * What the site learns of each mood (mood-evidence.ts): the engagements of sessions that began
 * with a stated mood, as the rows its evidence query returns (any watch counts as 'watched', as
 * video progress does there), read by its own moodProfilesFrom.
 */
export function learnedMoods(events: readonly HistoryEntry[], members: readonly Member[], items: readonly Item[], catalog: Catalog): Map<Mood, LearnedMood> {
  const rows: EvidenceRow[] = []
  for (const e of events) {
    const session = members[e.member]!.sessions[e.session]!
    if (!session.stated) continue
    const item = items[e.item]!
    const id = item.index + 1
    const kind = e.kind === 'bookmark' ? 'bookmark' : e.kind === 'post_read' ? 'read' : e.kind === 'comment' ? 'comment' : e.kind === 'liked' ? 'liked' : e.kind === 'video_partial' || e.kind === 'video_finished' ? 'watched' : undefined
    if (!kind) continue
    if (kind === 'bookmark') rows.push({ mood: session.mood, video_id: null, post_id: null, content_type: item.kind === 'video' ? 'video' : 'blog_post', content_id: item.key, kind })
    else rows.push({ mood: session.mood, video_id: item.kind === 'video' ? id : null, post_id: item.kind === 'post' ? id : null, content_type: null, content_id: null, kind })
  }
  return moodProfilesFrom(rows, catalog)
}

export type ListInput = {
  /** The catalogue as this member's candidates: the items they had not engaged with. */
  catalog: Catalog
  history: MemberHistory
  mood: Mood
  intensity: number
  /** What the site learned of this mood from the community (absent: the mood map alone). */
  moodProfile?: LearnedMood
  weights: Weights
  limit: number
}

const MEMBER = { id: 1, isPremium: false } as User

/** The site's list (generate.ts pickFrom): the gate, every part scored (the mood's part with what was learned of it), a varied pick by maximal marginal relevance, reasons. */
export function recommenderList(input: ListInput): CatalogItem[] {
  const settings: MemberSettings = { weights: input.weights, avoidedTags: new Set(), contentTypes: null }
  return pickFrom(input.catalog, MEMBER, input.history, settings, input, new Date(input.catalog.loadedAt), input.moodProfile).map((p) => p.item)
}

/** Baseline: the most popular items the member has not engaged with. */
export const popularityList = (input: ListInput): CatalogItem[] => topBy(input.catalog.items, input.limit, (c) => c.popularity)

/** Baseline: the items whose tags best fit the mood map (ties in key order, which is arbitrary). */
export function moodMatchList(input: ListInput): CatalogItem[] {
  const moodTags = input.catalog.moodTags.get(input.mood) ?? new Set<number>()
  return topBy(input.catalog.items, input.limit, (c) => moodMatch(c.tags, moodTags))
}

const byKey = (a: CatalogItem, b: CatalogItem) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)

/** The `limit` items of highest value, ties in key order (one pass; the lists are short). */
export function topBy(candidates: readonly CatalogItem[], limit: number, value: (c: CatalogItem) => number): CatalogItem[] {
  const top: { c: CatalogItem; v: number }[] = []
  const before = (a: { c: CatalogItem; v: number }, b: { c: CatalogItem; v: number }) => a.v > b.v || (a.v === b.v && byKey(a.c, b.c) < 0)
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

/** The member's history read by the site (profile, what to leave out, what they engaged with). */
export const memberHistory = (history: readonly HistoryEntry[], items: readonly Item[], catalog: Catalog): MemberHistory =>
  interpretHistory(historyRows(history, items), catalog)

/** The catalogue without what the member engaged with before (their candidates). */
export function candidatesFor(catalog: Catalog, seen: ReadonlySet<string>): Catalog {
  return { ...catalog, items: catalog.items.filter((c) => !seen.has(c.key)) }
}

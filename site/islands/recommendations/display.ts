// Pure helpers for the For You page: query keys, labels, the score's tier and the feed's order.
import { MOOD, RECOMMENDATION_SCORE_TIERS, type BookmarkContentType, type Mood, type RecommendationFeedback } from '../../../shared/constants'
import type { Recommendation } from './types'

export type FeedFilter = 'all' | BookmarkContentType
export const FEED_FILTERS: readonly FeedFilter[] = ['all', 'video', 'blog_post']
export const FEED_FILTER_LABELS: Record<FeedFilter, string> = { all: 'All', video: 'Videos', blog_post: 'Blog Posts' }

/** GET /api/recommendations?type=… ('all' sends no type: SPEC §7). */
export const feedQueryKey = (filter: FeedFilter) => ['/api/recommendations', { type: filter === 'all' ? undefined : filter }] as const
/** Every cached feed list, whatever its filter. */
export const FEEDS_QUERY_KEY = ['/api/recommendations'] as const
export const MOODS_QUERY_KEY = ['/api/user/moods', { limit: MOOD.historyLimit }] as const

export const moodLabel = (mood: Mood | string) => mood.charAt(0).toUpperCase() + mood.slice(1)

export const contentTypeLabel = (type: BookmarkContentType) => (type === 'video' ? 'Video' : 'Blog Post')

/** Intensity on the slider's one-decimal scale, as the slider shows it ('0.5', '1.0'). */
export const formatIntensity = (value: number) => (Math.round(value * 10) / 10).toFixed(1)

/** A word beside the number, so the slider's value reads as a feeling too. */
export function intensityWord(value: number): string {
  if (value <= 0.3) return 'Mild'
  if (value <= 0.6) return 'Moderate'
  if (value <= 0.8) return 'Strong'
  return 'Intense'
}

export type ScoreTier = 'green' | 'yellow' | 'neutral'

/** SPEC §9: >= 0.8 green, >= 0.6 yellow, else the lowest tier. */
export function scoreTier(score: number): ScoreTier {
  if (score >= RECOMMENDATION_SCORE_TIERS.green) return 'green'
  if (score >= RECOMMENDATION_SCORE_TIERS.yellow) return 'yellow'
  return 'neutral'
}

/** The tier in words: colour is never the only cue. */
export const SCORE_TIER_LABELS: Record<ScoreTier, string> = { green: 'Great match', yellow: 'Good match', neutral: 'Worth a look' }

/** 0.876 → '88%' (clamped to 0–100). */
export const scorePercent = (score: number) => `${Math.round(Math.min(1, Math.max(0, score)) * 100)}%`

/** The item's title and picture, whichever kind it is. */
export function itemDetails(r: Recommendation): { title: string; imageUrl: string | null } {
  if (r.contentType === 'video') return { title: r.video?.title ?? 'Untitled video', imageUrl: r.video?.thumbnailUrl ?? null }
  return { title: r.blogPost?.title ?? 'Untitled post', imageUrl: r.blogPost?.featuredImageUrl ?? null }
}

/**
 * A freshly generated batch on top of the list already shown: each item once, and each video or
 * post once (its newest recommendation wins).
 */
export function newestFirst(fresh: readonly Recommendation[], shown: readonly Recommendation[] = []): Recommendation[] {
  const ids = new Set<string>()
  const contents = new Set<string>()
  const out: Recommendation[] = []
  for (const r of [...fresh, ...shown]) {
    const content = `${r.contentType}:${r.contentId}`
    if (ids.has(String(r.id)) || contents.has(content)) continue
    ids.add(String(r.id))
    contents.add(content)
    out.push(r)
  }
  return out
}

/** A feed list after the member's feedback on one item: not_interested leaves it. */
export function withFeedback(
  list: readonly Recommendation[],
  id: Recommendation['id'],
  feedback: RecommendationFeedback,
  updated?: Partial<Recommendation> | null,
): Recommendation[] {
  if (feedback === 'not_interested') return list.filter((r) => String(r.id) !== String(id))
  return list.map((r) => (String(r.id) === String(id) ? { ...r, ...pickState(updated), feedback, isInteracted: true } : r))
}

/** Only the state fields of the server's answer: the item's video or post stays as shown. */
function pickState(updated?: Partial<Recommendation> | null): Partial<Recommendation> {
  if (!updated) return {}
  const { isViewed, expiresAt } = updated
  return { ...(isViewed !== undefined ? { isViewed } : {}), ...(expiresAt !== undefined ? { expiresAt } : {}) }
}

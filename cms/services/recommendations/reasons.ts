// Each recommendation's type and its one line for people (README.md "Reasons").
import type { Mood } from '../../../shared/constants'
import type { Catalog, CatalogItem } from './catalog'
import type { EngagedItem } from './history'
import { cosine, matchedMoodTags, type Profile, type Scored, strongestAffinityTag } from './score'

import type { RecommendationType } from '../../../shared/types/recommendations'
export type Explained = { recommendationType: RecommendationType; reason: string }

/** An engaged item this similar (tag cosine) is named in the reason ("Because you saved …"). */
export const SIMILAR_ENOUGH = 0.5

const VERBS: Record<EngagedItem['kind'], string> = {
  bookmark: 'saved',
  finished: 'watched',
  watched: 'watched',
  read: 'read',
  comment: 'commented on',
  liked: 'liked',
}

const phrase = (catalog: Catalog, tag: number) => {
  const info = catalog.tags.get(tag)
  return info ? info.description?.trim() || info.name : undefined
}

const joinPhrases = (parts: string[]) => parts.join(', ')

const quote = (title: string) => `“${title.length > 70 ? `${title.slice(0, 69).trimEnd()}…` : title}”`

export const TRENDING_REASON = 'Popular with the community right now'

export function explain(scored: Scored<CatalogItem>, context: { catalog: Catalog; mood: Mood | null; moodTags: ReadonlySet<number>; profile: Profile; engaged: readonly EngagedItem[] }): Explained {
  const { item, lead } = scored
  const { catalog } = context
  if (lead === 'mood' && context.mood && scored.parts.mood > 0) {
    const phrases = [...new Set(matchedMoodTags(item.tags, context.moodTags).map((tag) => phrase(catalog, tag)).filter((p): p is string => Boolean(p)))].slice(0, 2)
    return { recommendationType: 'mood_based', reason: `Because you feel ${context.mood}: ${joinPhrases(phrases)}` }
  }
  if (lead === 'affinity' && scored.parts.affinity > 0) {
    let closest: EngagedItem | undefined
    let best = SIMILAR_ENOUGH
    for (const engaged of context.engaged) {
      const sim = cosine(item.tags, engaged.item.tags)
      if (sim >= best && engaged.item.key !== item.key) {
        best = sim
        closest = engaged
      }
    }
    if (closest) return { recommendationType: 'similar_content', reason: `Because you ${VERBS[closest.kind]} ${quote(closest.item.title)}` }
    const tag = strongestAffinityTag(context.profile, item.tags)
    const info = tag === undefined ? undefined : catalog.tags.get(tag)
    if (info && info.categoryId !== null) return { recommendationType: 'category_based', reason: `More from ${info.name}, a topic you keep coming back to` }
    if (tag !== undefined) return { recommendationType: 'personalized', reason: `More on ${phrase(catalog, tag)}, like what you watch and save` }
  }
  return { recommendationType: 'trending', reason: TRENDING_REASON }
}

/** The video page's list: items like the one on screen. */
export const similarReason = (title: string) => `Like ${quote(title)}`

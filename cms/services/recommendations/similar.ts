// "More like this": the video page's 'Recommended Videos' and similar lists, from the same
// catalogue and arithmetic as For You — tag similarity to the item on screen, a little
// popularity, then the same diversity pick. Per item, not per member, so pages stay cacheable.
import type { Payload } from 'payload'

import { RECOMMENDATION_WEIGHTS } from '../../../shared/constants'
import { type CatalogItem, getCatalog, itemKey } from './catalog'
import { cosine, diversify, type Scored, vectorNorm } from './score'

/** Similarity leads; popularity breaks ties between equally close items. */
export const SIMILAR_POPULARITY_SHARE = 0.25

export type SimilarQuery = { type: 'video' | 'blog_post'; id: number; limit: number; only?: 'video' | 'blog_post'; exclude?: ReadonlySet<string> }

/** The catalogue items most like the given one, best first (ids only: the caller reads them for its viewer). */
export async function similarItems(payload: Payload, query: SimilarQuery): Promise<CatalogItem[]> {
  const catalog = await getCatalog(payload)
  const self = catalog.byKey.get(itemKey(query.type, query.id))
  if (!self) return []
  const norm = vectorNorm(self.tags)
  const scored: Scored<CatalogItem>[] = []
  for (const item of catalog.items) {
    if (item.key === self.key || (query.only && item.type !== query.only) || query.exclude?.has(item.key)) continue
    const similarity = cosine(self.tags, item.tags, norm)
    const score = (1 - SIMILAR_POPULARITY_SHARE) * similarity + SIMILAR_POPULARITY_SHARE * item.popularity
    scored.push({ item, score, parts: { mood: 0, popularity: item.popularity, affinity: similarity }, lead: 'affinity' })
  }
  // Items alike to the one on screen are what this list is for: near-duplicates of each other stay in.
  return diversify(scored, query.limit, RECOMMENDATION_WEIGHTS.diversityFactor, { deferNearDuplicates: false }).map((s) => s.item)
}

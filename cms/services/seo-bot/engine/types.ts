import type { SeoFields } from '../../../../shared/seo-bot'

/** What an engine reads of a video. */
export type SeoInput = {
  title: string
  description: string | null
  /** ISO 8601 (PT12M34S), when known: chapters at or past the end are dropped. */
  duration: string | null
  /** The tags the creator already gave it: kept first. */
  tags?: string[]
}

/** What an engine knows of the site: its tag vocabulary and its categories. */
export type SeoContext = {
  /** Tags already on the site's videos, most used first. */
  vocabulary: string[]
  /** Each category's slug (what the video's `category` holds) and the words that speak of it. */
  categories: { slug: string; terms: string[] }[]
  /** When no category's words occur in the text. */
  fallbackCategory: string
}

/** An engine: any provider answers in the same shape, validated (shared/seo-bot) before it is stored. */
export type SeoProvider = {
  name: string
  generate: (input: SeoInput, context: SeoContext) => Promise<SeoFields> | SeoFields
}

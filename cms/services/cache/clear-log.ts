/**
 * Tags name what a kept page or query result shows, so a write clears what shows it and nothing
 * else (terms in README.md, "Targeted clearing"): `video:<videoId>` for a video's page, its
 * comments and its detail; `post:<slug>` for a post's page.
 */
export const videoTag = (videoId: string) => `video:${videoId}`
export const postTag = (slug: string) => `post:${slug}`

const ITEM_PATH = /(?:^|\s)\/(video|post)\/([^/?#\s]+)/
const PART_ITEM = /"(videoId|slug)":"([^"\\]+)"/g

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * The tags of a kept page's key: a visitor page (its URL), a member shell (`audience URL`) or a
 * member's part (its kind and args: a video's comments and actions name the video, a post's
 * bookmark and reading tail the post).
 */
export function pageKeyTags(key: string): string[] {
  const tags: string[] = []
  const path = ITEM_PATH.exec(key)
  if (path) tags.push(`${path[1]}:${decoded(path[2]!)}`)
  for (const [, field, value] of key.matchAll(PART_ITEM)) tags.push(field === 'videoId' ? videoTag(value!) : postTag(value!))
  return tags
}

/** The query results that show one item, by the name their cache key starts with, and the tag they get. */
const ITEM_QUERIES: Record<string, (id: string) => string> = { 'videos:page': videoTag, 'videos:detail': videoTag, 'posts:page': postTag }

/** The tags of a content cache key (JSON of `[audience, name, …arguments]`). */
export function contentKeyTags(key: string): string[] {
  try {
    const [, name, id] = JSON.parse(key) as unknown[]
    const tag = typeof name === 'string' ? ITEM_QUERIES[name] : undefined
    return tag && typeof id === 'string' ? [tag(id)] : []
  } catch {
    return []
  }
}

/** Targeted clears remembered for loads under way; past this, older loads are refused whatever they show. */
const MAX_RECORDS = 64

/**
 * The clears a store has had, for a load (a query, a render) to know whether one happened while it
 * ran that touches what it shows: then it must not keep its result, which may predate the change.
 * `now` is a clock that every clear moves on; a load notes it when it starts.
 */
export class ClearLog {
  now = 0
  /** Loads started before this may not keep anything (a full clear, or forgotten targeted ones). */
  #floor = 0
  #records: { at: number; tags: ReadonlySet<string> }[] = []

  /** Everything changed: no load under way may keep its result. */
  full(): void {
    this.#floor = ++this.now
    this.#records = []
  }

  /** What shows one of `tags` changed: loads under way that show one may not keep their result. */
  tagged(tags: readonly string[]): void {
    this.#records.push({ at: ++this.now, tags: new Set(tags) })
    if (this.#records.length > MAX_RECORDS) this.#floor = this.#records.shift()!.at
  }

  /** Whether a result loaded since `since` (a `now` read at its start), showing `tags`, may be kept. */
  keeps(since: number, tags: () => readonly string[]): boolean {
    if (since < this.#floor) return false
    const later = this.#records.filter((record) => record.at > since)
    if (later.length === 0) return true
    const shown = tags()
    return !later.some((record) => shown.some((tag) => record.tags.has(tag)))
  }
}

/** Whether `key`'s tags include one of `tags`. */
export const showsAny = (keyTags: readonly string[], tags: readonly string[]) => keyTags.some((tag) => tags.includes(tag))

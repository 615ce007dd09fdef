import type { Payload } from 'payload'

import { isDerivedExcerpt } from '../../../shared/format'
import { SLUG_MAX, SLUG_PATTERN } from '../../../shared/schemas/fields'
import { opensToEveryoneOn } from '../../../shared/gate-messages'
import { siteTimeZone } from '../settings/time-zone'
import type { LockReason, PostDetail, PostSeo, PostSummary } from '../../../shared/types/content'
import { userIsAdmin } from '../../access/roles'
import type { Post } from '../../payload-types'
import { cachedFor } from '../cache'
import { notFound } from '../errors'
import { lockReason } from '../premium-gate'
import { cachedGated } from '../premium-gate/cache'
import { asCaller, type Caller } from './admin-only'
import { renderPostBody } from './body'
import { postPlainText, wordCount } from './html'
import { lexicalToMarkdown, markdownKeepsBody } from './markdown'
import { toPostSeo, toPostSummary } from './serialize'

const POST_NOT_FOUND = 'Post not found.'

/** Drafts are invisible to non-admins: the collection's read access filters them (publishedOrAdmin). */
async function findDoc(payload: Payload, user: Caller, by: { id: number } | { slug: string }): Promise<Post | null> {
  if ('id' in by) {
    return payload.findByID({ collection: 'posts', id: by.id, depth: 1, disableErrors: true, ...asCaller(user) })
  }
  // Only a well-formed slug can exist; anything else (NUL bytes, 5,000 characters) is simply not found.
  if (by.slug.length > SLUG_MAX || !SLUG_PATTERN.test(by.slug)) return null
  const { docs } = await payload.find({
    collection: 'posts',
    where: { slug: { equals: by.slug } },
    limit: 1,
    pagination: false,
    depth: 1,
    ...asCaller(user),
  })
  return docs[0] ?? null
}

/** What the gate says of this post for `user` now, and the teaser a locked reader gets instead of the body. */
function gateOf(user: Caller, doc: Post, now = new Date()): { locked: LockReason | null; teaser: string | null } {
  const locked = lockReason(user, doc, now)
  // Field access already withholds the body of a post the reader cannot open; this is the second lock.
  const teaser = locked && doc.earlyAccessUntil ? opensToEveryoneOn(doc.earlyAccessUntil, siteTimeZone()) : null
  return { locked, teaser }
}

/**
 * A post the caller cannot open carries its summary, `content: null` and the teaser: never the body.
 * Admins also learn whether the markdown carries the whole body (`markdownComplete`).
 */
async function toDetail(payload: Payload, user: Caller, doc: Post): Promise<PostDetail> {
  const gate = gateOf(user, doc)
  const content = gate.locked || !doc.content ? null : await lexicalToMarkdown(payload, doc.content)
  const detail: PostDetail = { ...toPostSummary(doc), content, ...gate }
  if (userIsAdmin(user)) detail.markdownComplete = await markdownKeepsBody(payload, doc.content)
  return detail
}

/**
 * The post as its editors see it: the latest version (an unpublished draft written in /cms, or
 * being autosaved there, included), with the publish state of the post itself (`status`: is it on
 * the site?). `updatedAt` is that latest version's: the copy a save must have started from.
 */
export async function findPostForEditing(payload: Payload, user: Caller, id: number): Promise<Post | null> {
  const [latest, main] = await Promise.all([
    payload.findByID({ collection: 'posts', id, depth: 1, draft: true, disableErrors: true, ...asCaller(user) }),
    payload.findByID({ collection: 'posts', id, depth: 0, draft: false, disableErrors: true, select: { status: true }, ...asCaller(user) }),
  ])
  if (!latest || !main) return latest ?? null
  return { ...latest, status: main.status }
}

/**
 * GET /api/blog-posts/{id}: the post with its body as markdown; 404 for a missing post or another's
 * draft. Admins get the copy they edit (findPostForEditing), so /admin never saves over a draft.
 */
export async function getPostById(payload: Payload, { user, id }: { user: Caller; id: number }): Promise<PostDetail> {
  const doc = userIsAdmin(user) ? await findPostForEditing(payload, user, id) : await findDoc(payload, user, { id })
  if (!doc) throw notFound(POST_NOT_FOUND)
  return toDetail(payload, user, doc)
}

/** GET /api/blog-posts/slug/{slug}. */
export async function getPostBySlug(payload: Payload, { user, slug }: { user: Caller; slug: string }): Promise<PostDetail> {
  const doc = await findDoc(payload, user, { slug })
  if (!doc) throw notFound(POST_NOT_FOUND)
  return toDetail(payload, user, doc)
}

export type PostPageData = {
  post: PostSummary
  seo: PostSeo
  /** The body as sanitised HTML; '' when locked. */
  html: string
  wordCount: number
  /** Why this reader gets the teaser instead of the body (early access), null when they can read it. */
  locked: LockReason | null
  /** 'Opens to everyone on …' for a locked reader; null otherwise. */
  teaser: string | null
  /** The excerpt shown under the title: only one the creator wrote, never the one the body derives. */
  standfirst: string | null
}

/**
 * The post page: summary fields, its meta fields for the head, the body as sanitised HTML and its
 * word count; null when not visible. A reader the premium gate keeps out gets the teaser instead
 * of the body (no HTML, no word count). Cached per audience (cms/services/cache), so the body is
 * rendered once for many readers, until the next early-access opening; a write to any post, video
 * or category clears it, so links follow a renamed target.
 */
export async function getPostPage(payload: Payload, { user, slug }: { user: Caller; slug: string }): Promise<PostPageData | null> {
  return cachedGated(payload, user, ['posts:page', slug], async () => {
    const doc = await findDoc(payload, user, { slug })
    if (!doc) return null
    const gate = gateOf(user, doc)
    const text = postPlainText(doc.content)
    const base = { post: toPostSummary(doc), seo: toPostSeo(doc), standfirst: standfirstOf(doc.excerpt, text), ...gate }
    if (gate.locked || !doc.content) return { ...base, html: '', wordCount: 0 }
    const html = await renderPostBody(payload, { user, content: doc.content })
    return { ...base, html, wordCount: wordCount(text) }
  })
}

/** The excerpt when the creator wrote it, null when it is the one the body's plain text derives. */
export const standfirstOf = (excerpt: string | null | undefined, text: string): string | null =>
  excerpt && !isDerivedExcerpt(excerpt, text) ? excerpt : null

/**
 * Where a renamed post lives now: the current slug of the visible post that used to have `slug`
 * (its `previousSlugs`), or null. The post page redirects there permanently.
 */
export async function findMovedPostSlug(payload: Payload, { user, slug }: { user: Caller; slug: string }): Promise<string | null> {
  if (slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) return null
  return cachedFor(user, ['posts:moved', slug], async () => {
    const { docs } = await payload.find({
      collection: 'posts',
      where: { previousSlugs: { equals: slug } },
      sort: '-updatedAt', // an old slug two posts once had: the one renamed last
      limit: 1,
      pagination: false,
      depth: 0,
      select: { slug: true },
      ...asCaller(user),
    })
    return docs[0]?.slug ?? null
  })
}

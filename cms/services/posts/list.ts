import type { Payload, Where } from 'payload'

import { PAGE_SIZES } from '../../../shared/constants'
import { cleanText } from '../../../shared/schemas/content-query'
import { MAX_PAGE_LIMIT, totalPagesFor } from '../../../shared/schemas/pagination'
import type { PostPage, PostStatus } from '../../../shared/types/content'
import { userIsAdmin } from '../../access/roles'
import type { Post } from '../../payload-types'
import { badRequest, forbidden, unauthorized } from '../errors'
import { opensEverything } from '../premium-gate'
import { cachedGated } from '../premium-gate/cache'
import { asCaller, type Caller } from './admin-only'
import { searchPostIds } from './search'
import { SUMMARY_SELECT, toPostSummary } from './serialize'

export type ListPostsInput = {
  user?: Caller
  page?: number
  limit?: number
  /** Admins: omit for every status. Everyone else sees published posts only; asking for drafts is refused. */
  status?: PostStatus
  categoryId?: number | null
  /** Full-text search; empty or whitespace means no filter. */
  search?: string | null
}

/**
 * One page of post summaries, newest first, or by search rank when `search` is given.
 * Drafts: a visitor asking for status=draft gets 401, a member 403 (never a silent swap to
 * published posts); without a status a non-admin gets published posts only.
 */
export async function listPosts(payload: Payload, input: ListPostsInput = {}): Promise<PostPage> {
  const { user = null, status, categoryId = null } = input
  const page = Math.max(1, Math.floor(input.page ?? 1))
  const limit = Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(input.limit ?? PAGE_SIZES.news)))
  const search = cleanText(input.search ?? '').trim() || null
  const admin = userIsAdmin(user)
  if (status === 'draft' && !admin) {
    throw user ? forbidden('Only admins can list draft posts.') : unauthorized('Please sign in as an admin to list draft posts.')
  }
  const effectiveStatus: PostStatus | undefined = admin ? status : 'published'

  if (search) {
    // Searches are not cached: each is typed by one reader, and would only crowd the cache.
    if (categoryId !== null) await assertCategoryExists(payload, categoryId)
    // The gate: a post in early access matches a reader who cannot open it on its title and excerpt only.
    const { ids, totalDocs } = await searchPostIds(payload, { text: search, status: effectiveStatus, categoryId, limit, page, opensEarlyAccess: opensEverything(user) })
    const docs = ids.length ? await findByIds(payload, user, ids) : []
    return { posts: docs.map(toPostSummary), page, limit, totalPages: totalPagesFor(totalDocs, limit), totalDocs }
  }
  return cachedGated(payload, user, ['posts:list', page, limit, effectiveStatus ?? null, categoryId], () =>
    findPage(payload, { user, page, limit, status: effectiveStatus, categoryId }),
  )
}

async function findPage(
  payload: Payload,
  { user, page, limit, status: effectiveStatus, categoryId }: { user: Caller; page: number; limit: number; status?: PostStatus; categoryId: number | null },
): Promise<PostPage> {
  if (categoryId !== null) await assertCategoryExists(payload, categoryId)
  const where: Where[] = []
  if (effectiveStatus) where.push({ status: { equals: effectiveStatus } })
  if (categoryId !== null) where.push({ category: { equals: categoryId } })
  const result = await payload.find({
    collection: 'posts',
    where: where.length ? { and: where } : {},
    // Drafts (admins only; never published, no publishedAt) come first: the work in progress.
    sort: ['-publishedAt', '-createdAt', '-id'],
    page,
    limit,
    depth: 1,
    select: SUMMARY_SELECT,
    ...asCaller(user),
  })
  return {
    posts: (await withLatestDraftText(payload, user, result.docs)).map(toPostSummary),
    page,
    limit,
    totalPages: totalPagesFor(result.totalDocs, limit),
    totalDocs: result.totalDocs,
  }
}

/** The rows of one search page, through access control, in the ranked order of `ids`. */
async function findByIds(payload: Payload, user: Caller, ids: number[]) {
  const { docs } = await payload.find({
    collection: 'posts',
    where: { id: { in: ids } },
    pagination: false,
    depth: 1,
    select: SUMMARY_SELECT,
    ...asCaller(user),
  })
  const byId = new Map((await withLatestDraftText(payload, user, docs)).map((doc) => [doc.id, doc]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * A post never published keeps, in its own row, what it had when it was created: /cms creates it
 * on "Create New", before its title, and then autosaves versions only. Admins' lists show such
 * drafts with their latest version's title, slug and excerpt (one query for the page's drafts).
 */
async function withLatestDraftText<T extends Pick<Post, 'id' | 'title' | 'slug' | 'excerpt' | 'status' | 'publishedAt'>>(payload: Payload, user: Caller, docs: T[]): Promise<T[]> {
  if (!userIsAdmin(user)) return docs
  const drafts = docs.filter((doc) => doc.status !== 'published' && !doc.publishedAt).map((doc) => doc.id)
  if (!drafts.length) return docs
  const { docs: latest } = await payload.find({
    collection: 'posts',
    where: { id: { in: drafts } },
    draft: true,
    pagination: false,
    depth: 0,
    select: { title: true, slug: true, excerpt: true },
    ...asCaller(user),
  })
  const byId = new Map(latest.map((doc) => [doc.id, doc]))
  return docs.map((doc) => {
    const newer = byId.get(doc.id)
    return newer ? { ...doc, title: newer.title ?? doc.title, slug: newer.slug ?? doc.slug, excerpt: newer.excerpt ?? doc.excerpt } : doc
  })
}

async function assertCategoryExists(payload: Payload, id: number) {
  const category = await payload.findByID({ collection: 'categories', id, depth: 0, disableErrors: true, overrideAccess: false })
  if (!category) throw badRequest('Category not found.')
}

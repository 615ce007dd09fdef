import type { Payload } from 'payload'

import { excerptFrom, readTimeMinutes } from '../../../shared/format'
import { POST_BODY_NEEDS_CMS, POST_CHANGED_ELSEWHERE } from '../../../shared/admin-content-messages'
import { sameInstant } from '../../../shared/edit-conflict'
import type { BlogPostCreateData, BlogPostUpdateData } from '../../../shared/schemas/content'
import { MAX_ID } from '../../../shared/schemas/content-query'
import type { PostDetail } from '../../../shared/types/content'
import type { Post } from '../../payload-types'
import { badRequest, conflict, notFound } from '../errors'
import { asCaller, assertAdmin, type Caller } from './admin-only'
import { markdownToLexical } from './markdown'
import { getPostById } from './read'
import { assertSlugFree, withSlugConflict } from './slugs'


async function assertCategory(payload: Payload, categoryId: number | null | undefined) {
  if (!categoryId) return
  // Beyond PostgreSQL's integer range no row can match (and the query itself would fail).
  if (!Number.isSafeInteger(categoryId) || categoryId > MAX_ID) throw badRequest('Category not found.')
  const category = await payload.findByID({ collection: 'categories', id: categoryId, depth: 0, disableErrors: true, overrideAccess: false })
  if (!category) throw badRequest('Category not found.')
}

/** POST /api/blog-posts. The schema already derived slug, excerpt and read time from the markdown. */
export async function createPost(payload: Payload, { user, data }: { user: Caller; data: BlogPostCreateData }): Promise<PostDetail> {
  assertAdmin(user)
  await assertCategory(payload, data.categoryId)
  await assertSlugFree(payload, 'posts', data.slug)
  const content = await markdownToLexical(payload, data.content)
  const doc = await withSlugConflict('posts', data.slug, () =>
    payload.create({
      collection: 'posts',
      data: {
        title: data.title,
        slug: data.slug,
        excerpt: data.excerpt,
        content,
        category: data.categoryId ?? null,
        status: data.status,
        readTime: data.readTime,
      },
      ...asCaller(user),
    }),
  )
  return getPostById(payload, { user, id: doc.id })
}

/**
 * PUT /api/blog-posts/{id}: fields left out stay as they are. The post's latest version is what it
 * writes over (an unpublished /cms draft included, which the editor loaded: getPostById), and
 * `updatedAt`, when sent, must be that version's: 409 otherwise. New content with no excerpt or read
 * time re-derives them from that content (what the editor does as you type).
 */
export async function updatePost(payload: Payload, { user, id, data }: { user: Caller; id: number; data: BlogPostUpdateData }): Promise<PostDetail> {
  assertAdmin(user)
  const current = await getPostById(payload, { user, id })
  // Saved from an older copy than the latest (an autosave in /cms, another tab): refused, never
  // written over what was saved meanwhile; checked again under the post's lock as it is written
  // (Posts' refuseSaveFromOlderCopy). Without `updatedAt` (API clients) the save goes through.
  if (data.updatedAt !== undefined && !sameInstant(data.updatedAt, current.updatedAt)) throw conflict(POST_CHANGED_ELSEWHERE)
  // Writing markdown over a body it cannot carry whole would drop those parts without a word.
  if (data.content !== undefined && current.markdownComplete === false) throw conflict(POST_BODY_NEEDS_CMS)
  await assertCategory(payload, data.categoryId)
  if (data.slug) await assertSlugFree(payload, 'posts', data.slug, id)
  const changes: Partial<Post> = {}
  if (data.title !== undefined) changes.title = data.title
  if (data.slug !== undefined) changes.slug = data.slug
  if (data.status !== undefined) changes.status = data.status
  if (data.categoryId !== undefined) changes.category = data.categoryId
  if (data.excerpt !== undefined) changes.excerpt = data.excerpt
  if (data.readTime !== undefined) changes.readTime = data.readTime
  if (data.content !== undefined) {
    changes.content = await markdownToLexical(payload, data.content)
    changes.excerpt ??= excerptFrom(data.content)
    changes.readTime ??= Math.max(1, readTimeMinutes(data.content))
  }
  await withSlugConflict('posts', data.slug, () => payload.update({ collection: 'posts', id, data: changes, context: { editedFrom: data.updatedAt }, ...asCaller(user) }))
  return getPostById(payload, { user, id })
}

/** DELETE /api/blog-posts/{id}. */
export async function deletePost(payload: Payload, { user, id }: { user: Caller; id: number }): Promise<{ id: number }> {
  assertAdmin(user)
  const existing = await payload.findByID({ collection: 'posts', id, depth: 0, disableErrors: true, ...asCaller(user) })
  if (!existing) throw notFound('Post not found.')
  await payload.delete({ collection: 'posts', id, ...asCaller(user) })
  return { id }
}

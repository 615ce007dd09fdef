// The bookmarks domain: a member's saved videos and posts (terms in README.md).
import { sql } from '@payloadcms/db-postgres'
import type { Payload, Where } from 'payload'

import { ALREADY_BOOKMARKED_MESSAGE, BOOKMARK_NOT_FOUND, CONTENT_NOT_FOUND } from '../../../shared/member-messages'
import type { BookmarkKey } from '../../../shared/schemas/content'
import type { BookmarkView } from '../../../shared/types/members'
import type { PointsAward } from '../../../shared/types/points'
import type { Bookmark, Media, User } from '../../payload-types'
import { memberPartsChanged } from '../cache/member-parts'
import { inMemberTransaction } from '../db/member-transaction'
import { transactionDb } from '../db/transactions'
import { conflict, notFound } from '../errors'
import { awardForBookmark } from '../points'
import { findVideoDoc } from '../videos'

export const MAX_BOOKMARKS_LISTED = 500

const toView = (doc: Bookmark): BookmarkView => ({
  id: doc.id,
  userId: typeof doc.user === 'object' ? doc.user.id : doc.user,
  contentType: doc.contentType,
  contentId: doc.contentId,
  title: doc.title,
  thumbnailUrl: doc.thumbnailUrl ?? null,
  createdAt: doc.createdAt,
})

const ownKey = (user: User, key?: BookmarkKey): Where => ({
  and: [
    { user: { equals: user.id } },
    ...(key ? [{ contentType: { equals: key.contentType } }, { contentId: { equals: key.contentId } }] : []),
  ],
})

/** GET /api/bookmarks and the /bookmarks page: the member's own, newest first. */
export async function listBookmarks(payload: Payload, user: User): Promise<BookmarkView[]> {
  const { docs } = await payload.find({
    collection: 'bookmarks',
    where: ownKey(user),
    sort: ['-createdAt', '-id'],
    limit: MAX_BOOKMARKS_LISTED,
    depth: 0,
    user,
    overrideAccess: false,
  })
  return docs.map(toView)
}

/** GET /api/bookmarks/check/{contentType}/{contentId} */
export async function isBookmarked(payload: Payload, user: User, key: BookmarkKey): Promise<boolean> {
  const { totalDocs } = await payload.count({ collection: 'bookmarks', where: ownKey(user, key), user, overrideAccess: false })
  return totalDocs > 0
}

const mediaUrl = (media: number | Media | null | undefined) =>
  media && typeof media === 'object' ? (media.sizes?.thumbnail?.url ?? media.url ?? null) : null

/** The bookmarked item as the member may read it: its title and thumbnail come from here, never the body. */
async function resolveContent(payload: Payload, user: User, key: BookmarkKey) {
  if (key.contentType === 'video') {
    const video = await findVideoDoc(payload, { user, videoId: key.contentId })
    return video ? { title: video.title, thumbnailUrl: video.thumbnailUrl ?? null } : null
  }
  const { docs } = await payload.find({
    collection: 'posts',
    where: { slug: { equals: key.contentId } },
    select: { title: true, featuredImage: true },
    limit: 1,
    depth: 1,
    user,
    overrideAccess: false,
  })
  const post = docs[0]
  return post ? { title: post.title, thumbnailUrl: mediaUrl(post.featuredImage) } : null
}

/**
 * POST /api/bookmarks. The unique index on (user, contentType, contentId) and an
 * insert-or-ignore make concurrent clicks leave one row; the losers get 409 'already bookmarked'.
 */
export async function addBookmark(payload: Payload, { user, key }: { user: User; key: BookmarkKey }): Promise<BookmarkView & { award: PointsAward }> {
  const content = await resolveContent(payload, user, key)
  if (!content) throw notFound(CONTENT_NOT_FOUND)
  // The member's row is locked before the bookmark (which references it) is written (HOUSE rule 18).
  const { id, award } = await inMemberTransaction(payload, user.id, async (req) => {
    const db = await transactionDb(payload, req)
    // The member is signed in and the item readable to them: the row is theirs by construction.
    const { rows } = await db.execute(sql`
      insert into bookmarks (user_id, content_type, content_id, title, thumbnail_url)
      values (${user.id}, ${key.contentType}, ${key.contentId}, ${content.title}, ${content.thumbnailUrl})
      on conflict do nothing
      returning id`)
    if (!rows[0]) return { id: null, award: null }
    // bookmark_add once per member and item ever: saving it again after removing it earns nothing.
    const earned = await awardForBookmark(payload, { req, user, contentType: key.contentType, contentId: key.contentId, title: content.title })
    return { id: Number(rows[0].id), award: earned }
  })
  if (id === null) throw conflict(ALREADY_BOOKMARKED_MESSAGE)
  memberPartsChanged(user.id)
  const doc = await payload.findByID({ collection: 'bookmarks', id, depth: 0, user, overrideAccess: false })
  return { ...toView(doc), award: award! }
}

/** DELETE /api/bookmarks/{contentType}/{contentId}: only ever the member's own row. */
export async function removeBookmark(payload: Payload, { user, key }: { user: User; key: BookmarkKey }) {
  const { docs } = await payload.delete({ collection: 'bookmarks', where: ownKey(user, key), depth: 0, user, overrideAccess: false })
  if (docs.length === 0) throw notFound(BOOKMARK_NOT_FOUND)
  memberPartsChanged(user.id)
  return { success: true as const, contentType: key.contentType, contentId: key.contentId }
}

import type { Payload } from 'payload'

import { recordPostOpened } from '../../cms/services/points'

/** A member reading a published post through the API starts its blog_read clock, as the post page does. */
export async function startsBlogRead(payload: Payload, user: { id: number } | null | undefined, post: { id: number; status?: string | null }) {
  if (user && post.status === 'published') await recordPostOpened(payload, { user, postId: post.id })
}

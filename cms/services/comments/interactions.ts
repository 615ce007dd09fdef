import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { REACTING_TOO_FAST, SIGN_IN_TO_LIKE, SIGN_IN_TO_REACT } from '../../../shared/member-messages'
import type { LikeResult, ReactionResult } from '../../../shared/types/members'
import { clearItemPages } from '../../hooks/page-cache'
import { memberPartsChanged } from '../cache/member-parts'
import { rules } from '../rate-limit'
import { unauthorized } from '../errors'
import { drizzleOf, interactionCounts } from './counts'
import { findComment } from './delete'
import { limitAction } from './limits'
import type { Viewer } from './list'
import { videoPageTags } from './page-tags'

/**
 * POST /api/comments/{id}/like: one like per member and comment. The unique index on
 * (comment, user) plus INSERT … ON CONFLICT DO NOTHING makes a repeat or a concurrent double
 * click a no-op: exactly one row, and the answer is the same "liked" state.
 */
export async function likeComment(payload: Payload, { id, user, ip }: { id: number | null; user: Viewer; ip: string }): Promise<LikeResult> {
  if (!user) throw unauthorized(SIGN_IN_TO_LIKE)
  await limitAction(payload, rules.commentLike, { ip, userId: user.id }, REACTING_TOO_FAST)
  const comment = await findComment(payload, id, user)
  // Rate-limited, signed-in caller: a plain insert-or-ignore; the FK refuses a comment deleted meanwhile.
  await drizzleOf(payload).execute(sql`
    insert into comment_likes (comment_id, user_id)
    select id, ${user.id} from comments where id = ${comment.id}
    on conflict do nothing`)
  memberPartsChanged(user.id)
  // The video's page shows the counts (here and in the other processes); other pages stay kept.
  await clearItemPages(await videoPageTags(payload, [comment.video]))
  const counts = await interactionCounts(payload, [comment.id], user.id)
  return { commentId: comment.id, liked: true, likeCount: counts.likes.get(comment.id)?.count ?? 0 }
}

/**
 * POST /api/comments/{id}/reactions { emoji }: toggles that emoji for the member in one
 * statement (delete it if present, else insert it); the unique index keeps one row per emoji.
 * `reacted` is read back with the counts, so when two toggles race both answers agree with the
 * state they leave.
 */
export async function toggleReaction(
  payload: Payload,
  { id, user, ip, emoji }: { id: number | null; user: Viewer; ip: string; emoji: string },
): Promise<ReactionResult> {
  if (!user) throw unauthorized(SIGN_IN_TO_REACT)
  await limitAction(payload, rules.commentReaction, { ip, userId: user.id }, REACTING_TOO_FAST)
  const comment = await findComment(payload, id, user)
  await drizzleOf(payload).execute(sql`
    with removed as (
      delete from comment_reactions
      where comment_id = ${comment.id} and user_id = ${user.id} and emoji = ${emoji}
      returning id
    ), added as (
      insert into comment_reactions (comment_id, user_id, emoji)
      select id, ${user.id}, ${emoji} from comments
      where id = ${comment.id} and not exists (select 1 from removed)
      on conflict do nothing
      returning id
    )
    select 1`)
  memberPartsChanged(user.id)
  // The video's page shows the counts (here and in the other processes); other pages stay kept.
  await clearItemPages(await videoPageTags(payload, [comment.video]))
  const counts = await interactionCounts(payload, [comment.id], user.id)
  const reactions = counts.reactions.get(comment.id) ?? []
  return { commentId: comment.id, emoji, reacted: reactions.some((r) => r.emoji === emoji && r.mine), reactions }
}

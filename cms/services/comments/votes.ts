import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { SIGN_IN_TO_VOTE, VOTING_TOO_FAST } from '../../../shared/member-messages'
import type { CommentVote, VoteResult } from '../../../shared/types/members'
import { clearItemPages } from '../../hooks/page-cache'
import { memberPartsChanged } from '../cache/member-parts'
import { inTransaction, transactionDb } from '../db/transactions'
import { rules } from '../rate-limit'
import { unauthorized } from '../errors'
import { interactionCounts } from './counts'
import { findComment } from './delete'
import { limitAction } from './limits'
import type { Viewer } from './list'
import { videoPageTags } from './page-tags'

/** A vote is stored as a reserved reaction: 👍 up, 👎 down (never offered by the picker). */
export const VOTE_EMOJI: Record<CommentVote, string> = { up: '👍', down: '👎' }

/**
 * POST /api/comments/{id}/vote { value }: sets the member's vote on the comment to `value`
 * ('up', 'down', or null to take it back). The island sends the state the press leads to, so a
 * repeated or raced request lands on the same state. At most one of 👍/👎 per member and comment:
 * the partial unique index comment_reactions_vote_unique, written by an upsert on it, in a
 * transaction with the counts read back.
 */
export async function voteOnComment(
  payload: Payload,
  { id, user, ip, value }: { id: number | null; user: Viewer; ip: string; value: CommentVote | null },
): Promise<VoteResult> {
  if (!user) throw unauthorized(SIGN_IN_TO_VOTE)
  await limitAction(payload, rules.commentVote, { ip, userId: user.id }, VOTING_TOO_FAST)
  const comment = await findComment(payload, id, user)
  const result = await inTransaction(payload, async (req) => {
    const db = await transactionDb(payload, req)
    if (value === null) {
      await db.execute(sql`
        delete from comment_reactions
        where comment_id = ${comment.id} and user_id = ${user.id} and emoji in ('👍', '👎')`)
    } else {
      // The FK refuses a comment deleted meanwhile; the select turns that into no row.
      await db.execute(sql`
        insert into comment_reactions (comment_id, user_id, emoji)
        select id, ${user.id}, ${VOTE_EMOJI[value]} from comments where id = ${comment.id}
        on conflict (comment_id, user_id) where emoji in ('👍', '👎')
        do update set emoji = excluded.emoji, updated_at = now()`)
    }
    const counts = await interactionCounts(payload, [comment.id], user.id, db)
    const votes = counts.votes.get(comment.id)
    return { commentId: comment.id, myVote: votes?.mine ?? null, upCount: votes?.up ?? 0, downCount: votes?.down ?? 0 }
  })
  memberPartsChanged(user.id)
  // The video's page shows the votes (here and in the other processes); other pages stay kept.
  await clearItemPages(await videoPageTags(payload, [comment.video]))
  return result
}

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { CommentVote, ReactionCount } from '../../../shared/types/members'
import { REACTION_EMOJIS } from '../../../shared/reactions'

type Rows = { rows: Record<string, unknown>[] }
type Db = { execute: (query: ReturnType<typeof sql>) => Promise<Rows> }

/** Payload's drizzle handle: the aggregates below are one grouped query each, not a row per like. */
export const drizzleOf = (payload: Payload): Db => (payload.db as unknown as { drizzle: Db }).drizzle

export type VoteCounts = { up: number; down: number; mine: CommentVote | null }

export type InteractionCounts = {
  likes: Map<number, { count: number; mine: boolean }>
  reactions: Map<number, ReactionCount[]>
  /** Votes are the reserved reactions 👍/👎 (./votes.ts), counted apart from the picker's emojis. */
  votes: Map<number, VoteCounts>
}

const VOTE_OF: Record<string, CommentVote> = { '👍': 'up', '👎': 'down' }

const order = new Map(REACTION_EMOJIS.map((emoji, i) => [emoji, i]))

/** Reactions in picker order, most-used first within ties of the picker. */
export const sortReactions = (list: ReactionCount[]) =>
  [...list].sort((a, b) => b.count - a.count || (order.get(a.emoji) ?? 99) - (order.get(b.emoji) ?? 99))

/** Like, reaction and vote counts of these comments, and which of them are the viewer's (`db`: a transaction's handle). */
export async function interactionCounts(payload: Payload, commentIds: number[], viewerId?: number | null, db: Db = drizzleOf(payload)): Promise<InteractionCounts> {
  const likes = new Map<number, { count: number; mine: boolean }>()
  const reactions = new Map<number, ReactionCount[]>()
  const votes = new Map<number, VoteCounts>()
  if (commentIds.length === 0) return { likes, reactions, votes }
  const viewer = viewerId ?? 0
  const [likeRows, reactionRows] = await Promise.all([
    db.execute(sql`
      select comment_id, count(*)::int as count, bool_or(user_id = ${viewer}) as mine
      from comment_likes where comment_id in ${commentIds} group by comment_id`),
    db.execute(sql`
      select comment_id, emoji, count(*)::int as count, bool_or(user_id = ${viewer}) as mine
      from comment_reactions where comment_id in ${commentIds} group by comment_id, emoji`),
  ])
  for (const row of likeRows.rows) {
    likes.set(Number(row.comment_id), { count: Number(row.count), mine: Boolean(row.mine) })
  }
  for (const row of reactionRows.rows) {
    const id = Number(row.comment_id)
    const vote = VOTE_OF[String(row.emoji)]
    if (vote) {
      const counts = votes.get(id) ?? { up: 0, down: 0, mine: null }
      counts[vote] = Number(row.count)
      if (row.mine) counts.mine = vote
      votes.set(id, counts)
      continue
    }
    const list = reactions.get(id) ?? []
    list.push({ emoji: String(row.emoji), count: Number(row.count), mine: Boolean(row.mine) })
    reactions.set(id, list)
  }
  for (const [id, list] of reactions) reactions.set(id, sortReactions(list))
  return { likes, reactions, votes }
}

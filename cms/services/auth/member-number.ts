import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { BADGE_TIERS, badgesForMemberNumber, type BadgeCode } from '../../../shared/constants'
import type { User } from '../../payload-types'
import { transactionDb } from '../db/transactions'

export const MEMBER_NUMBER_LOCK = 7_031_001

const TIER_BADGES = new Set<string>([...Object.keys(BADGE_TIERS), 'member'])

/** The badges a member with this number has: its tiers and `member`, plus any others already given. */
export const badgesWithNumber = (memberNumber: number, given: readonly string[] | null | undefined): BadgeCode[] => [
  ...badgesForMemberNumber(memberNumber),
  ...((given ?? []).filter((badge) => !TIER_BADGES.has(badge)) as BadgeCode[]),
]

/** A new account never brings its own number: the number is the server's (see below). */
export const clearGivenMemberNumber: CollectionBeforeChangeHook<User> = ({ data, operation }) => {
  if (operation === 'create') delete (data as Partial<User>).memberNumber
  return data
}

/**
 * Every new account (registration, seed, an admin in /cms, Payload REST) gets the next member
 * number and its badges in the transaction that inserts it. The transaction-scoped advisory lock
 * is taken after the row is written (and so after its password was hashed): it is held only for
 * the number and the commit. Concurrent creations get distinct numbers, and one that fails rolls
 * back before the next takes the lock, so there are no gaps.
 */
export const assignMemberNumber: CollectionAfterChangeHook<User> = async ({ doc, operation, req }) => {
  if (operation !== 'create') return doc
  const db = await transactionDb(req.payload, req)
  if ((await req.transactionID) === undefined) {
    req.payload.logger.warn({ event: 'member_number_without_transaction', userId: doc.id }, 'member number assigned outside a transaction')
  }
  await db.execute(sql`select pg_advisory_xact_lock(${MEMBER_NUMBER_LOCK})`)
  const { rows } = await db.execute(sql`select coalesce(max(member_number), 0) + 1 as next from users`)
  const memberNumber = Number(rows[0]?.next ?? 1)
  const badges = badgesWithNumber(memberNumber, doc.badges)
  // Plain SQL: the adapter's partial update of a row with a hasMany field is an upsert of the whole row.
  await db.execute(sql`update users set member_number = ${memberNumber} where id = ${doc.id}`)
  await db.execute(sql`delete from users_badges where parent_id = ${doc.id}`)
  for (const [order, badge] of badges.entries()) {
    await db.execute(sql`insert into users_badges ("order", parent_id, value) values (${order + 1}, ${doc.id}, ${badge})`)
  }
  return { ...doc, memberNumber, badges }
}

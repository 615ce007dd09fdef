// Hand-given badges and the moderator flag (POST/DELETE /api/admin/users/{id}/badges, PATCH …/moderator).
import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { automaticBadgeReason } from '../../../shared/badges'
import type { BadgeCode } from '../../../shared/constants'
import { USER_NOT_FOUND } from '../../../shared/messages'
import type { AdminUserChange } from '../../../shared/schemas/admin-users'
import type { User } from '../../payload-types'
import { inTransaction, transactionDb, type Db } from '../db/transactions'
import { badRequest, notFound } from '../errors'
import { assertCanManageMembers, type Caller } from './access'
import { findAdminUserSummary } from './list'

function refuseAutomatic(badge: BadgeCode) {
  const reason = automaticBadgeReason(badge)
  if (reason) throw badRequest(reason)
}

/**
 * Locks the member's row until the transaction ends (two admins editing one member's badges at
 * once apply one after the other, neither losing the other's change) and reads its stored badges.
 */
async function lockStoredBadges(db: Db, id: number): Promise<string[]> {
  const locked = await db.execute(sql`select id from users where id = ${id} for update`)
  if (!locked.rows[0]) throw notFound(USER_NOT_FOUND)
  // A statement of its own, after the lock: its snapshot includes what the previous holder
  // committed (a subquery in the locking statement would still read the badges from before the wait).
  const { rows } = await db.execute(sql`select b.value::text as badge from users_badges b where b.parent_id = ${id} order by b."order"`)
  return rows.map((row) => String(row.badge))
}

async function summaryOf(db: Db, id: number) {
  const summary = await findAdminUserSummary(db, id)
  if (!summary) throw notFound(USER_NOT_FOUND)
  return summary
}

/** An audit line (HOUSE rule 11): who changed what on whom, whatever LOG_LEVEL says. */
function audit(payload: Payload, by: User, event: string, target: { id: number; username: string }, detail: Record<string, unknown>, message: string) {
  payload.logger.child({ audit: true }, { level: 'info' }).info({ event, by: { id: by.id, username: by.username }, user: target, ...detail }, message)
}

/**
 * `update` runs in the member's locked transaction when `next` differs from the stored badges;
 * Payload writes the row (so its hooks clear the caches and the member's remembered sessions).
 */
async function changeBadges(
  payload: Payload,
  { user, id, badge, next }: { user: User; id: number; badge: BadgeCode; next: (stored: string[]) => string[] | null },
): Promise<AdminUserChange> {
  const result = await inTransaction(payload, async (req: PayloadRequest) => {
    const db = await transactionDb(payload, req)
    const stored = await lockStoredBadges(db, id)
    const badges = next(stored)
    // overrideAccess: badges are admin-written fields; the caller was checked above (HOUSE rule 3).
    if (badges) await payload.update({ collection: 'users', id, data: { badges: badges as User['badges'] }, depth: 0, overrideAccess: true, req })
    return { success: true as const, changed: badges !== null, user: await summaryOf(db, id) }
  })
  if (result.changed) {
    const added = result.user.badges.includes(badge)
    audit(payload, user, added ? 'badge_added' : 'badge_removed', { id, username: result.user.username }, { badge }, added ? 'badge added by an admin' : 'badge removed by an admin')
  }
  return result
}

/** Gives a hand-assigned badge; one the member already holds is answered unchanged (`changed: false`). */
export async function addBadge(payload: Payload, { user, id, badge }: { user: Caller; id: number; badge: BadgeCode }): Promise<AdminUserChange> {
  assertCanManageMembers(user)
  refuseAutomatic(badge)
  return changeBadges(payload, { user, id, badge, next: (stored) => (stored.includes(badge) ? null : [...stored, badge]) })
}

/** Takes a hand-assigned badge away; one the member does not hold is answered unchanged. */
export async function removeBadge(payload: Payload, { user, id, badge }: { user: Caller; id: number; badge: BadgeCode }): Promise<AdminUserChange> {
  assertCanManageMembers(user)
  refuseAutomatic(badge)
  return changeBadges(payload, { user, id, badge, next: (stored) => (stored.includes(badge) ? stored.filter((b) => b !== badge) : null) })
}

/**
 * Sets or clears the moderator flag (the stored moderator badge follows it: keepModeratorBadge).
 * Any account may be made a moderator, the caller's own and other admins' included: for an admin
 * the flag only adds the badge, admins already moderate. isAdmin is never changed here.
 */
export async function setModerator(payload: Payload, { user, id, isModerator }: { user: Caller; id: number; isModerator: boolean }): Promise<AdminUserChange> {
  assertCanManageMembers(user)
  const result = await inTransaction(payload, async (req: PayloadRequest) => {
    const db = await transactionDb(payload, req)
    await lockStoredBadges(db, id)
    const before = await summaryOf(db, id)
    if (before.isModerator === isModerator) return { success: true as const, changed: false, user: before }
    // overrideAccess: isModerator is an admin-written field; the caller was checked above (HOUSE rule 3).
    await payload.update({ collection: 'users', id, data: { isModerator }, depth: 0, overrideAccess: true, req })
    return { success: true as const, changed: true, user: await summaryOf(db, id) }
  })
  if (result.changed) {
    audit(payload, user, isModerator ? 'moderator_granted' : 'moderator_removed', { id, username: result.user.username }, {}, isModerator ? 'moderator status given by an admin' : 'moderator status removed by an admin')
  }
  return result
}

import type { Payload, PayloadRequest } from 'payload'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, ValidationError } from 'payload'

import type { RegisterInput } from '../../../shared/schemas/auth'
import type { PointsAward } from '../../../shared/types/points'
import type { User } from '../../payload-types'
import { conflict } from '../errors'
import { NO_AWARD } from '../points/award'
import { awardForJoining } from '../points/events'
import { inMemberTransaction } from '../db/member-transaction'
import { withPasswordSlot } from './password'

export { MEMBER_NUMBER_LOCK } from './member-number'

export type NewMemberData = {
  username: string
  password: string
  email?: string | null
  dateOfBirth: string
  isAdmin?: boolean
  isVerified?: boolean
}

/**
 * Opens an account. Its member number and badges come from the users collection's create hook
 * (member-number.ts), in the same transaction, under a lock held only for the number. The whole
 * creation runs in a password slot (password.ts): Payload hashes the password inside its create
 * operation, so a burst of registrations queues for the slots instead of holding database
 * connections and every core while their hashes run.
 */
export async function createMember(payload: Payload, data: NewMemberData, outerReq?: PayloadRequest): Promise<User> {
  return withPasswordSlot(() => createMemberNow(payload, data, outerReq))
}

async function createMemberNow(payload: Payload, data: NewMemberData, outerReq?: PayloadRequest): Promise<User> {
  // Inside a caller's transaction (the seed) the caller commits; otherwise this call owns one.
  const req = outerReq ?? (await createLocalReq({}, payload))
  const owns = !outerReq && (await initTransaction(req))
  try {
    const taken = await payload.count({
      collection: 'users',
      where: { username: { equals: data.username.toLowerCase().trim() } },
      req,
      overrideAccess: true,
    })
    if (taken.totalDocs > 0) throw conflict('That username is already taken.')
    if (data.email) {
      const emailTaken = await payload.count({
        collection: 'users',
        where: { email: { equals: data.email.toLowerCase().trim() } },
        req,
        overrideAccess: true,
      })
      if (emailTaken.totalDocs > 0) throw conflict('An account with that email already exists.')
    }
    // overrideAccess: the caller validated the input; flags are server-set (the number by the hook).
    const user = await payload.create({
      collection: 'users',
      data: {
        username: data.username,
        password: data.password,
        email: data.email || undefined,
        dateOfBirth: `${data.dateOfBirth}T00:00:00.000Z`,
        isAdmin: Boolean(data.isAdmin),
        isVerified: Boolean(data.isVerified),
      },
      req,
      overrideAccess: true,
    })
    if (owns) await commitTransaction(req)
    return user
  } catch (error) {
    if (owns) await killTransaction(req)
    if (error instanceof ValidationError) {
      const fields = error.data?.errors?.map((e) => e.path) ?? []
      if (fields.includes('username')) throw conflict('That username is already taken.')
      if (fields.includes('email')) throw conflict('An account with that email already exists.')
    }
    throw error
  }
}

/**
 * POST /api/auth/register: the account, then community_join. The award has a transaction of its
 * own, after the account's: the password is hashed outside any transaction (see createMember), and
 * a failed award (retried by nothing, logged) must not cost the member their new account.
 */
export async function registerMember(payload: Payload, input: RegisterInput): Promise<{ user: User; award: PointsAward }> {
  const created = await createMember(payload, {
    username: input.username,
    password: input.password,
    email: input.email || null,
    dateOfBirth: input.dateOfBirth,
  })
  try {
    const award = await inMemberTransaction(payload, created.id, (req) => awardForJoining(payload, { req, user: created }))
    const user = await payload.findByID({ collection: 'users', id: created.id, depth: 1, overrideAccess: true })
    return { user, award }
  } catch (error) {
    payload.logger.error({ err: error, event: 'community_join_award_failed', userId: created.id }, 'joining points not awarded')
    return { user: created, award: NO_AWARD }
  }
}

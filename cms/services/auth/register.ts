import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, ValidationError } from 'payload'

import { badgesForMemberNumber } from '../../../shared/constants'
import type { RegisterInput } from '../../../shared/schemas/auth'
import type { User } from '../../payload-types'
import { conflict } from '../errors'

/** Drizzle handle bound to the request's transaction, so raw SQL and Local API calls commit together. */
export async function transactionDb(payload: Payload, req: PayloadRequest) {
  const id = await req.transactionID
  const adapter = payload.db as unknown as {
    drizzle: { execute: (q: ReturnType<typeof sql>) => Promise<{ rows: Record<string, unknown>[] }> }
    sessions?: Record<string, { db: typeof adapter.drizzle }>
  }
  return (id !== undefined && adapter.sessions?.[String(id)]?.db) || adapter.drizzle
}

export const MEMBER_NUMBER_LOCK = 7_031_001

export type NewMemberData = {
  username: string
  password: string
  email?: string | null
  dateOfBirth: string
  isAdmin?: boolean
  isVerified?: boolean
}

/**
 * Opens an account with the next member number. Registrations take a transaction-scoped
 * advisory lock, so concurrent sign-ups get distinct numbers with no gaps (a failed one
 * rolls back before the next takes the lock), and the badges follow from the number.
 */
export async function createMember(payload: Payload, data: NewMemberData, outerReq?: PayloadRequest): Promise<User> {
  // Inside a caller's transaction (the seed) the caller commits; otherwise this call owns one.
  const req = outerReq ?? (await createLocalReq({}, payload))
  const owns = !outerReq && (await initTransaction(req))
  try {
    const db = await transactionDb(payload, req)
    await db.execute(sql`select pg_advisory_xact_lock(${MEMBER_NUMBER_LOCK})`)
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
    const { rows } = await db.execute(sql`select coalesce(max(member_number), 0) + 1 as next from users`)
    const memberNumber = Number(rows[0]?.next ?? 1)
    // overrideAccess: the caller validated the input; member number, badges and flags are server-set.
    const user = await payload.create({
      collection: 'users',
      data: {
        username: data.username,
        password: data.password,
        email: data.email || undefined,
        dateOfBirth: `${data.dateOfBirth}T00:00:00.000Z`,
        memberNumber,
        badges: badgesForMemberNumber(memberNumber),
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

export async function registerMember(payload: Payload, input: RegisterInput): Promise<User> {
  return createMember(payload, {
    username: input.username,
    password: input.password,
    email: input.email || null,
    dateOfBirth: input.dateOfBirth,
  })
}

import type { Payload } from 'payload'

import { MIN_AGE } from '../../../shared/constants'
import { ageOn } from '../../../shared/dates'
import type { PointsAward } from '../../../shared/types/points'
import type { User } from '../../payload-types'
import { awardForAgeVerification } from '../points/events'
import { inMemberTransaction } from '../db/member-transaction'
import { badRequest } from '../errors'

export const DOB_MISMATCH = 'That date of birth does not match the one you registered with.'
export const UNDER_AGE = 'You must be at least 13 years old to use this platform'

/** Confirms the registered date of birth and the 13+ rule, then marks the member verified. */
/** Also awards age_verification, once per member; `award` is what this call earned. */
export async function verifyAge(payload: Payload, userId: number, dateOfBirth: string): Promise<{ user: User; award: PointsAward }> {
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true })
  const registered = user.dateOfBirth ? new Date(user.dateOfBirth).toISOString().slice(0, 10) : null
  if (registered && registered !== dateOfBirth) throw badRequest(DOB_MISMATCH)
  if (ageOn(dateOfBirth, new Date()) < MIN_AGE) throw badRequest(UNDER_AGE)
  // The flag and age_verification (once per member) commit together.
  return inMemberTransaction(payload, userId, async (req) => {
    // overrideAccess: isVerified is server-set; the member's identity was checked by the endpoint.
    await payload.update({
      collection: 'users',
      id: userId,
      data: { isVerified: true, dateOfBirth: `${dateOfBirth}T00:00:00.000Z` },
      overrideAccess: true,
      depth: 0,
      req,
    })
    // After the update (Payload writes the row it read): the award's points are then not overwritten.
    const award = await awardForAgeVerification(payload, { req, user })
    const verified = await payload.findByID({ collection: 'users', id: userId, depth: 1, overrideAccess: true, req })
    return { user: verified, award }
  })
}

import type { Payload } from 'payload'

import type { PremiumStatus } from '../../../shared/schemas/premium'
import { holdsPremium } from '../../access/members'
import type { User } from '../../payload-types'
import { paidPeriodEnd } from './state'

export type { PremiumStatus }

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null)

/** The member's Premium for pages (/premium, the header, prompts): whether it holds, until when, and whether it renews. */
export async function premiumStatus(_payload: Payload, user: User | null, now = new Date()): Promise<PremiumStatus> {
  if (!user) return { active: false, premiumUntil: null, renewsOn: null, renews: false, source: null }
  if (holdsPremium(user, now)) {
    const source = user.premiumSource ?? (user.paypalSubscriptionId ? 'paypal' : 'complimentary')
    const renews = source === 'paypal' && Boolean(user.premiumRenews)
    const premiumUntil = iso(user.premiumExpiresAt)
    const renewsOn = renews && premiumUntil ? paidPeriodEnd(premiumUntil) : null
    return { active: true, premiumUntil, renewsOn, renews, source }
  }
  if (user.isAdmin) return { active: true, premiumUntil: null, renewsOn: null, renews: false, source: 'admin' }
  return { active: false, premiumUntil: null, renewsOn: null, renews: false, source: null }
}

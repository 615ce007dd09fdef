import { describe, expect, it } from 'vitest'

import type { User } from '../../payload-types'
import type { PaypalSubscription } from '../paypal'
import { changedFields, paidPeriodEnd, premiumFromSubscription, PREMIUM_GRACE_MS } from './state'
import { badgesFor } from './user-fields'

const member = { id: 7, isPremium: false, premiumExpiresAt: null, badges: ['member'] } as unknown as User
const next = '2030-01-01T00:00:00.000Z'
const active: PaypalSubscription = { id: 'I-1', status: 'ACTIVE', plan_id: 'P-1', custom_id: '7', subscriber: { payer_id: 'PAYER' }, billing_info: { next_billing_time: next } }

describe('premiumFromSubscription', () => {
  it('ACTIVE: Premium until the next billing time plus grace, renewing, from PayPal', () => {
    expect(premiumFromSubscription(member, active)).toEqual({
      paypalSubscriptionId: 'I-1', paypalSubscriptionStatus: 'ACTIVE', paypalCustomerId: 'PAYER',
      isPremium: true, premiumSource: 'paypal', premiumRenews: true, premiumExpiresAt: new Date(Date.parse(next) + PREMIUM_GRACE_MS).toISOString(),
    })
  })

  it('never shortens a later end date the member already has', () => {
    const later = '2031-01-01T00:00:00.000Z'
    expect(premiumFromSubscription({ ...member, isPremium: true, premiumExpiresAt: later }, active).premiumExpiresAt).toBe(later)
  })

  it('CANCELLED and SUSPENDED stop renewal and keep the period; EXPIRED ends PayPal Premium but not a complimentary one', () => {
    const premium = { ...member, isPremium: true, premiumExpiresAt: next, premiumSource: 'paypal' } as User
    for (const status of ['CANCELLED', 'SUSPENDED']) {
      const patch = premiumFromSubscription(premium, { ...active, status })
      expect(patch).toMatchObject({ premiumRenews: false })
      expect(patch).not.toHaveProperty('isPremium')
      expect(patch).not.toHaveProperty('premiumExpiresAt')
    }
    // Cancelled while it renewed: Premium ends on the renewal date (no grace for a charge that won't come); once only.
    const renewing = { ...premium, premiumRenews: true, paypalSubscriptionId: 'I-1', premiumExpiresAt: new Date(Date.parse(next) + PREMIUM_GRACE_MS).toISOString() } as User
    expect(premiumFromSubscription(renewing, { ...active, status: 'CANCELLED' })).toMatchObject({ premiumRenews: false, premiumExpiresAt: next })
    expect(paidPeriodEnd(renewing.premiumExpiresAt!)).toBe(next)
    expect(premiumFromSubscription(renewing, { ...active, status: 'SUSPENDED' })).not.toHaveProperty('premiumExpiresAt')
    expect(premiumFromSubscription(premium, { ...active, status: 'EXPIRED' })).toMatchObject({ isPremium: false, premiumRenews: false })
    expect(premiumFromSubscription({ ...premium, premiumSource: 'complimentary' }, { ...active, status: 'EXPIRED' })).not.toHaveProperty('isPremium')
  })

  it('changedFields: the same state twice writes nothing (dates compared as instants)', () => {
    const patch = premiumFromSubscription(member, active)
    const stored = { ...member, ...patch, premiumExpiresAt: patch.premiumExpiresAt!.replace('.000Z', 'Z') } as User
    expect(changedFields(stored, premiumFromSubscription(stored, active))).toEqual({})
    expect(changedFields(member, patch)).toEqual(patch)
  })
})

describe('badgesFor', () => {
  it('adds the premium badge once while Premium holds and removes it otherwise', () => {
    expect(badgesFor(['member'], true)).toEqual(['member', 'premium'])
    expect(badgesFor(['member', 'premium'], true)).toEqual(['member', 'premium'])
    expect(badgesFor(['premium', 'member'], false)).toEqual(['member'])
    expect(badgesFor(null, false)).toEqual([])
  })
})

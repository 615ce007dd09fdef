import { describe, expect, it } from 'vitest'

import type { User } from '../../payload-types'
import { PREMIUM_GRACE_MS } from './state'
import { premiumStatus } from './status'

const now = new Date('2026-11-25T12:00:00.000Z')
const member = (fields: Partial<User>) => ({ id: 1, isAdmin: false, isPremium: false, ...fields }) as User
const payload = {} as never

describe('premiumStatus: what /premium says about a member', () => {
  it('a renewing PayPal member: the next billing date (Premium runs a grace past it)', async () => {
    const until = new Date(Date.parse('2026-12-25T12:00:00.000Z') + PREMIUM_GRACE_MS).toISOString()
    const status = await premiumStatus(payload, member({ isPremium: true, premiumSource: 'paypal', premiumRenews: true, premiumExpiresAt: until, paypalSubscriptionId: 'I-1' }), now)
    expect(status).toEqual({ active: true, premiumUntil: until, renewsOn: '2026-12-25T12:00:00.000Z', renews: true, source: 'paypal' })
  })

  it('a cancelled one: active until the end, no renewal', async () => {
    const status = await premiumStatus(payload, member({ isPremium: true, premiumSource: 'paypal', premiumRenews: false, premiumExpiresAt: '2026-12-28T12:00:00.000Z' }), now)
    expect(status).toMatchObject({ active: true, premiumUntil: '2026-12-28T12:00:00.000Z', renewsOn: null, renews: false })
  })

  it('complimentary never renews; an admin has it without a date; past the end it is over', async () => {
    expect(await premiumStatus(payload, member({ isPremium: true, premiumSource: 'complimentary', premiumExpiresAt: '2027-01-01T00:00:00.000Z' }), now)).toMatchObject({ active: true, renews: false, source: 'complimentary' })
    expect(await premiumStatus(payload, member({ isAdmin: true }), now)).toEqual({ active: true, premiumUntil: null, renewsOn: null, renews: false, source: 'admin' })
    expect(await premiumStatus(payload, member({ isPremium: true, premiumSource: 'paypal', premiumExpiresAt: '2026-11-25T11:59:59.000Z' }), now)).toMatchObject({ active: false, source: null })
    expect(await premiumStatus(payload, null, now)).toMatchObject({ active: false })
  })
})

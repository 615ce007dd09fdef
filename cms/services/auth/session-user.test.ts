import { describe, expect, it } from 'vitest'

import type { User } from '../../payload-types'
import { toSessionUser } from './session-user'

const stored = {
  id: 7, username: 'jane', email: 'jane@example.org', dateOfBirth: '2000-01-01T00:00:00.000Z', isVerified: true,
  isAdmin: false, isModerator: false, memberNumber: 7, badges: ['early_50', 'member'], paypalCustomerId: 'CUST',
  paypalSubscriptionId: 'I-SUB', isPremium: true, premiumExpiresAt: '2000-02-01T00:00:00.000Z', points: 40, level: 1,
  hash: 'h', salt: 's', sessions: [{ id: 'x', expiresAt: '2099-01-01' }], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
} as unknown as User

describe('toSessionUser', () => {
  it('keeps only the public shape of /api/auth/me', () => {
    const user = toSessionUser(stored)
    expect(Object.keys(user).sort()).toEqual(
      ['badges', 'createdAt', 'email', 'id', 'isAdmin', 'isModerator', 'isPremium', 'isVerified', 'level', 'memberNumber', 'points', 'profilePicture', 'username'].sort(),
    )
  })

  it('treats premium as over once its expiry has passed', () => {
    expect(toSessionUser(stored).isPremium).toBe(false)
    expect(toSessionUser({ ...stored, premiumExpiresAt: '2999-01-01T00:00:00.000Z' }).isPremium).toBe(true)
    expect(toSessionUser({ ...stored, premiumExpiresAt: null }).isPremium).toBe(true)
  })

  it('shows no premium badge once Premium has lapsed', () => {
    const withBadge = { ...stored, badges: ['member', 'premium'] } as User
    expect(toSessionUser(withBadge).badges).toEqual(['member'])
    expect(toSessionUser({ ...withBadge, premiumExpiresAt: '2999-01-01T00:00:00.000Z' }).badges).toEqual(['member', 'premium'])
  })

  it('falls back to safe defaults for missing values', () => {
    const user = toSessionUser({ ...stored, email: null, badges: null, points: null, level: null } as unknown as User)
    expect(user).toMatchObject({ email: null, badges: [], points: 0, level: 1, profilePicture: null })
  })
})

import { describe, expect, it } from 'vitest'

import { withComputedBadges } from './computed-badges'

describe('computed badges stay whatever the given list says', () => {
  it('the early tiers and member follow the member number; hand-given ones are kept in order', () => {
    expect(withComputedBadges({ memberNumber: 3 }, [], ['verified'])).toEqual(['founder', 'early_50', 'early_100', 'early_1000', 'member', 'verified'])
    expect(withComputedBadges({ memberNumber: 700 }, [], [])).toEqual(['early_1000', 'member'])
    // A tier the number does not reach cannot be given by hand either.
    expect(withComputedBadges({ memberNumber: 5000 }, [], ['founder', 'contributor', 'contributor'])).toEqual(['member', 'contributor'])
  })

  it('a member without a number keeps the tiers stored; premium and moderator follow their flags', () => {
    expect(withComputedBadges({ memberNumber: null }, ['early_100', 'member'], ['verified'])).toEqual(['early_100', 'member', 'verified'])
    const future = new Date(Date.now() + 86_400_000).toISOString()
    expect(withComputedBadges({ memberNumber: 9000, isPremium: true, premiumExpiresAt: future, isModerator: true }, [], [])).toEqual(['member', 'premium', 'moderator'])
    expect(withComputedBadges({ memberNumber: 9000, isPremium: false }, [], ['premium', 'moderator'])).toEqual(['member'])
  })
})

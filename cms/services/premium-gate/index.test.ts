import { describe, expect, it } from 'vitest'

import { canOpen, earlyAccessEndsAt, isInEarlyAccess, lockReason, nextOpening, opensEverything, userHasPremium, type GateItem, type GateUser } from '.'
import { opensToEveryoneOn } from '../../../shared/gate-messages'

const now = new Date('2026-06-01T12:00:00.000Z')
const before = '2026-06-01T11:59:59.999Z'
const after = '2026-06-01T12:00:00.001Z'

const visitor: GateUser = null
const member: GateUser = { isPremium: false }
const premium: GateUser = { isPremium: true, premiumExpiresAt: null }
const premiumUntilLater: GateUser = { isPremium: true, premiumExpiresAt: after }
const lapsed: GateUser = { isPremium: true, premiumExpiresAt: before }
const lapsedExactly: GateUser = { isPremium: true, premiumExpiresAt: now.toISOString() }
const admin: GateUser = { isAdmin: true }
const adminLapsed: GateUser = { isAdmin: true, isPremium: true, premiumExpiresAt: before }

const free: GateItem = { isPremium: false, isUncut: false, earlyAccessUntil: null }
const premiumItem: GateItem = { isPremium: true }
const uncut: GateItem = { isUncut: true }
const early: GateItem = { earlyAccessUntil: after }
const earlyOver: GateItem = { earlyAccessUntil: before }
const earlyAtNow: GateItem = { earlyAccessUntil: now }
const premiumEarly: GateItem = { isPremium: true, earlyAccessUntil: after }

describe('userHasPremium', () => {
  it('holds while the flag is set and the end is absent or ahead', () => {
    expect(userHasPremium(premium, now)).toBe(true)
    expect(userHasPremium(premiumUntilLater, now)).toBe(true)
    expect(userHasPremium({ isPremium: true, premiumExpiresAt: new Date(after) }, now)).toBe(true)
  })
  it('ends at the expiry instant, and never holds without the flag', () => {
    expect(userHasPremium(lapsed, now)).toBe(false)
    expect(userHasPremium(lapsedExactly, now)).toBe(false)
    expect(userHasPremium(member, now)).toBe(false)
    expect(userHasPremium({ isPremium: false, premiumExpiresAt: after }, now)).toBe(false)
    expect(userHasPremium(null, now)).toBe(false)
    expect(userHasPremium(undefined, now)).toBe(false)
  })
  it('is about the member: an admin without the flag holds none; an unreadable end holds none', () => {
    expect(userHasPremium(admin, now)).toBe(false)
    expect(userHasPremium({ isPremium: true, premiumExpiresAt: 'not a date' }, now)).toBe(false)
  })
})

describe('canOpen and lockReason', () => {
  const users = { visitor, member, premium, premiumUntilLater, lapsed, lapsedExactly, admin, adminLapsed }
  const items = { free, premiumItem, uncut, early, earlyOver, earlyAtNow, premiumEarly }
  // Who opens what at `now`: every combination.
  const expected: Record<keyof typeof users, Record<keyof typeof items, ReturnType<typeof lockReason>>> = {
    visitor: { free: null, premiumItem: 'premium', uncut: 'premium', early: 'early-access', earlyOver: null, earlyAtNow: null, premiumEarly: 'premium' },
    member: { free: null, premiumItem: 'premium', uncut: 'premium', early: 'early-access', earlyOver: null, earlyAtNow: null, premiumEarly: 'premium' },
    lapsed: { free: null, premiumItem: 'premium', uncut: 'premium', early: 'early-access', earlyOver: null, earlyAtNow: null, premiumEarly: 'premium' },
    lapsedExactly: { free: null, premiumItem: 'premium', uncut: 'premium', early: 'early-access', earlyOver: null, earlyAtNow: null, premiumEarly: 'premium' },
    premium: { free: null, premiumItem: null, uncut: null, early: null, earlyOver: null, earlyAtNow: null, premiumEarly: null },
    premiumUntilLater: { free: null, premiumItem: null, uncut: null, early: null, earlyOver: null, earlyAtNow: null, premiumEarly: null },
    admin: { free: null, premiumItem: null, uncut: null, early: null, earlyOver: null, earlyAtNow: null, premiumEarly: null },
    adminLapsed: { free: null, premiumItem: null, uncut: null, early: null, earlyOver: null, earlyAtNow: null, premiumEarly: null },
  }
  for (const [userName, user] of Object.entries(users)) {
    for (const [itemName, item] of Object.entries(items)) {
      const reason = expected[userName as keyof typeof users][itemName as keyof typeof items]
      it(`${userName} × ${itemName} → ${reason ?? 'open'}`, () => {
        expect(lockReason(user, item, now)).toBe(reason)
        expect(canOpen(user, item, now)).toBe(reason === null)
      })
    }
  }

  it('premium access ends mid-session at the expiry: open a millisecond before, closed at it', () => {
    const user: GateUser = { isPremium: true, premiumExpiresAt: now.toISOString() }
    expect(canOpen(user, premiumItem, new Date(now.getTime() - 1))).toBe(true)
    expect(canOpen(user, premiumItem, now)).toBe(false)
    expect(canOpen(user, uncut, new Date(now.getTime() + 1))).toBe(false)
  })

  it('early access opens by itself at its time: closed a millisecond before, open at it', () => {
    const item: GateItem = { earlyAccessUntil: now.toISOString() }
    expect(lockReason(member, item, new Date(now.getTime() - 1))).toBe('early-access')
    expect(lockReason(member, item, now)).toBeNull()
    expect(lockReason(visitor, item, new Date(now.getTime() + 1))).toBeNull()
  })

  it('a premium video stays locked after its early access ends', () => {
    expect(lockReason(member, premiumEarly, new Date('2030-01-01T00:00:00Z'))).toBe('premium')
  })

  it('uses the current time when none is given', () => {
    expect(canOpen(member, { earlyAccessUntil: new Date(Date.now() + 60_000) })).toBe(false)
    expect(canOpen(member, { earlyAccessUntil: new Date(Date.now() - 60_000) })).toBe(true)
    expect(canOpen(member, {})).toBe(true)
  })

  it('treats an unreadable early-access date as none', () => {
    expect(canOpen(member, { earlyAccessUntil: 'garbage' }, now)).toBe(true)
    expect(canOpen(member, { earlyAccessUntil: '' }, now)).toBe(true)
  })
})

describe('early access helpers', () => {
  it('tell when an item opens, and the next opening of a list', () => {
    expect(earlyAccessEndsAt(early, now)).toBe(Date.parse(after))
    expect(earlyAccessEndsAt(earlyOver, now)).toBeNull()
    expect(isInEarlyAccess(early, now)).toBe(true)
    expect(isInEarlyAccess(earlyAtNow, now)).toBe(false)
    const later = { earlyAccessUntil: '2026-07-01T00:00:00.000Z' }
    expect(nextOpening([free, later, early, earlyOver], now)).toBe(Date.parse(after))
    expect(nextOpening([free, earlyOver], now)).toBeNull()
  })
  it('opensEverything: admins and members whose Premium holds', () => {
    expect([visitor, member, lapsed, premium, admin].map((u) => opensEverything(u, now))).toEqual([false, false, false, true, true])
  })
  it('the teaser says when it opens, in site time', () => {
    expect(opensToEveryoneOn('2026-06-01T22:00:00.000Z', 'America/New_York')).toBe('Opens to everyone on Jun 01, 2026 at 6:00 PM EDT')
    expect(opensToEveryoneOn('2026-12-24T17:30:00.000Z', 'America/New_York')).toBe('Opens to everyone on Dec 24, 2026 at 12:30 PM EST')
  })
})

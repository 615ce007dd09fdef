import { describe, expect, it } from 'vitest'

import { offersPremium } from './premium'

describe('offersPremium: who sees an upgrade prompt', () => {
  it('offers Premium to visitors and to members without it', () => {
    expect(offersPremium(null)).toBe(true)
    expect(offersPremium(undefined)).toBe(true)
    expect(offersPremium({ isPremium: false, isAdmin: false })).toBe(true)
  })

  it('never to premium members or admins', () => {
    expect(offersPremium({ isPremium: true, isAdmin: false })).toBe(false)
    expect(offersPremium({ isPremium: false, isAdmin: true })).toBe(false)
  })
})

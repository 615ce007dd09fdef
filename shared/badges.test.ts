import { describe, expect, it } from 'vitest'

import { automaticBadgeReason, HAND_ASSIGNED_BADGES, isHandAssignedBadge } from './badges'
import { BADGE_CODES, badgesForMemberNumber } from './constants'

describe('hand-assigned and automatic badges', () => {
  it('offers by hand exactly the codes the site does not keep itself', () => {
    expect(HAND_ASSIGNED_BADGES).toEqual(['contributor', 'verified'])
    for (const code of BADGE_CODES) expect(automaticBadgeReason(code) === null).toBe(isHandAssignedBadge(code))
  })

  it('refuses every badge a member number brings, premium and moderator, each with its reason', () => {
    for (const code of new Set([...badgesForMemberNumber(1), ...badgesForMemberNumber(2000)])) {
      expect(automaticBadgeReason(code)).toMatch(/follows the member number/)
    }
    expect(automaticBadgeReason('premium')).toMatch(/follows Premium/)
    expect(automaticBadgeReason('moderator')).toMatch(/moderator switch/)
  })
})

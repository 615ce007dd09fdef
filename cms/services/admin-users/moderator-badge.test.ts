import { describe, expect, it } from 'vitest'

import { keepModeratorBadge } from './moderator-badge'

const run = (data: Record<string, unknown>, originalDoc?: Record<string, unknown>) =>
  keepModeratorBadge({ data, originalDoc, operation: 'update' } as never) as Record<string, unknown>

describe('the stored moderator badge follows isModerator', () => {
  it('is added with the flag and removed without it, keeping the other badges in order', () => {
    expect(run({ isModerator: true }, { badges: ['member', 'contributor'] }).badges).toEqual(['member', 'contributor', 'moderator'])
    expect(run({ isModerator: false }, { badges: ['member', 'moderator', 'verified'] }).badges).toEqual(['member', 'verified'])
  })

  it('leaves badges alone when the write does not touch the flag or nothing changes', () => {
    expect(run({ bio: 'hi' }, { badges: ['member'], isModerator: true })).toEqual({ bio: 'hi' })
    expect(run({ isModerator: true }, { badges: ['member', 'moderator'] })).toEqual({ isModerator: true })
  })
})

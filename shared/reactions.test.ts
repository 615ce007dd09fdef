import { describe, expect, it } from 'vitest'

import { REACTION_EMOJIS, REACTION_GROUPS, reactionSchema } from './reactions'

describe('comment reactions', () => {
  it('has the four picker groups, each emoji once', () => {
    expect(REACTION_GROUPS.map((g) => g.id)).toEqual(['reactions', 'emotions', 'gestures', 'objects'])
    expect(new Set(REACTION_EMOJIS).size).toBe(REACTION_EMOJIS.length)
  })

  it('accepts only emojis from the picker, exactly as listed', () => {
    for (const emoji of REACTION_EMOJIS) expect(reactionSchema.safeParse({ emoji }).success).toBe(true)
    for (const emoji of ['❤', ' 🔥', '🦄', '<b>', '', null, 1]) expect(reactionSchema.safeParse({ emoji }).success).toBe(false)
  })
})

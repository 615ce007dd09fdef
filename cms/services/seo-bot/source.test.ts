import { describe, expect, it } from 'vitest'

import { keyMomentsAreHandWritten } from './source'

const BOT = [
  { timestamp: '0:00', description: 'Intro' },
  { timestamp: '1:30', description: 'Planting' },
]
const at = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`
const accepted = (value: unknown, minute: number, edited = false) => ({
  videoId: 1,
  status: 'accepted',
  proposedKeyMoments: BOT,
  decisions: { keyMoments: { action: 'accepted' as const, value, edited, at: at(minute), by: 1 } },
  decidedAt: at(minute),
})

describe('hand-written key moments', () => {
  it('none on the video: nothing to protect', () => {
    expect(keyMomentsAreHandWritten([], [])).toBe(false)
  })

  it('key moments the bot never wrote are hand-written (the seed, a creator in /cms)', () => {
    expect(keyMomentsAreHandWritten(BOT, [])).toBe(true)
  })

  it("the bot's own last output, untouched, is not", () => {
    expect(keyMomentsAreHandWritten(BOT, [accepted(BOT, 1)])).toBe(false)
    // From before field-by-field decisions: an accepted proposal wrote all its fields.
    expect(keyMomentsAreHandWritten(BOT, [{ videoId: 1, status: 'accepted', proposedKeyMoments: BOT, decisions: null, decidedAt: at(1) }])).toBe(false)
  })

  it('changed since the bot wrote them, or accepted as the creator edited them, they are', () => {
    expect(keyMomentsAreHandWritten([{ timestamp: '0:00', description: 'My intro' }, BOT[1]!], [accepted(BOT, 1)])).toBe(true)
    expect(keyMomentsAreHandWritten(BOT, [accepted(BOT, 1, true)])).toBe(true)
    // Only the latest write counts.
    const older = [{ timestamp: '0:00', description: 'Old' }]
    expect(keyMomentsAreHandWritten(BOT, [accepted(BOT, 5), accepted(older, 1)])).toBe(false)
    expect(keyMomentsAreHandWritten(BOT, [accepted(older, 5), accepted(BOT, 1)])).toBe(true)
  })
})

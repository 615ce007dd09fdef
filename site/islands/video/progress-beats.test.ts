import { describe, expect, it } from 'vitest'

import { forcedBeatDelay, MIN_FORCED_BEAT_GAP_MS, PROGRESS_BEAT_MS, shouldBeat } from './progress-beats'

describe('shouldBeat', () => {
  it('beats at once at the start, then about every 10 s', () => {
    expect(shouldBeat(1_000_000, 0, 0)).toBe(true)
    expect(shouldBeat(1_000_000 + PROGRESS_BEAT_MS - 1, 1_000_000, 9.9)).toBe(false)
    expect(shouldBeat(1_000_000 + PROGRESS_BEAT_MS, 1_000_000, 10)).toBe(true)
  })
  it('lets a pause beat early, but not closer than 3 s, so the server limit (30 a minute) is never reached', () => {
    expect(shouldBeat(1_000_000 + MIN_FORCED_BEAT_GAP_MS, 1_000_000, 4, true)).toBe(true)
    expect(shouldBeat(1_000_000 + 1000, 1_000_000, 4, true)).toBe(false)
    expect(60_000 / MIN_FORCED_BEAT_GAP_MS).toBeLessThan(30)
  })
  it('never sends a position the server would refuse', () => {
    expect(shouldBeat(1_000_000, 0, Number.NaN)).toBe(false)
    expect(shouldBeat(1_000_000, 0, -1)).toBe(false)
  })
  it('a 2 s clip’s end, too close to its first beat, is sent once the gap allows, not dropped', () => {
    expect(shouldBeat(1_002_000, 1_000_000, 2, true)).toBe(false)
    expect(forcedBeatDelay(1_002_000, 1_000_000)).toBe(MIN_FORCED_BEAT_GAP_MS - 2000)
    expect(shouldBeat(1_000_000 + MIN_FORCED_BEAT_GAP_MS, 1_000_000, 2, true)).toBe(true)
    // An in-flight beat at the gap's edge: tried again shortly, never at once.
    expect(forcedBeatDelay(1_000_000 + MIN_FORCED_BEAT_GAP_MS, 1_000_000)).toBe(250)
  })
})

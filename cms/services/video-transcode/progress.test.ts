import { describe, expect, it } from 'vitest'

import { ladderPercent, progressSeconds, secondsLeft } from './progress'

describe('transcode progress', () => {
  it('reads the media time from ffmpeg -progress lines, old and new spellings', () => {
    expect(progressSeconds('out_time_us=1500000')).toBe(1.5)
    expect(progressSeconds('out_time_ms=2000000')).toBe(2)
    expect(progressSeconds('progress=continue')).toBeNull()
  })

  it('weighs each rendition by its pixels', () => {
    // 240p (1 part) then 360p (2 parts): half of the 360p rung is 2/3 done.
    expect(ladderPercent([1, 2], 0, 0)).toBe(0)
    expect(ladderPercent([1, 2], 1, 0)).toBe(33)
    expect(ladderPercent([1, 2], 1, 0.5)).toBe(66)
    expect(ladderPercent([1, 2], 2, 0)).toBe(100)
  })

  it('estimates the time left from the rate so far', () => {
    const startedAt = new Date(0).toISOString()
    expect(secondsLeft({ percent: 0, startedAt }, 10_000)).toBeNull()
    expect(secondsLeft({ percent: 25, startedAt }, 10_000)).toBe(30)
    expect(secondsLeft({ percent: 100, startedAt }, 10_000)).toBe(0)
  })
})

describe('thumbnail stills', () => {
  it('are spread over the whole video', async () => {
    const { frameTimes } = await import('./hls')
    expect(frameTimes(8)).toEqual([1, 3, 5, 7])
    expect(frameTimes(2)).toEqual([0.25, 0.75, 1.25, 1.75])
  })
})

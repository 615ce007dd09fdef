import { describe, expect, it } from 'vitest'

import { ladderFor, masterPlaylist, rungSize } from './ladder'

describe('the HLS ladder', () => {
  it('goes up to the source resolution and no further', () => {
    expect(ladderFor(1920, 1080).map((r) => r.name)).toEqual(['240p', '360p', '480p', '720p', '1080p'])
    expect(ladderFor(3840, 2160).map((r) => r.name)).toEqual(['240p', '360p', '480p', '720p', '1080p'])
    expect(ladderFor(1280, 720).map((r) => r.name)).toEqual(['240p', '360p', '480p', '720p'])
    expect(ladderFor(640, 360).map((r) => r.name)).toEqual(['240p', '360p'])
    expect(ladderFor(1080, 1920).map((r) => r.name)).toEqual(['240p', '360p', '480p', '720p', '1080p'])
  })

  it('gives a tiny source one rendition at its own even height', () => {
    expect(ladderFor(320, 181)).toMatchObject([{ name: '180p', height: 180 }])
  })

  it('keeps the aspect ratio with even sizes, and names each rendition in the master playlist', () => {
    const [low] = ladderFor(1920, 1080)
    expect(rungSize(low!, 1920, 1080)).toEqual({ width: 426, height: 240 })
    expect(rungSize(low!, 1080, 1920)).toEqual({ width: 240, height: 426 })
    const master = masterPlaylist([{ rung: low!, width: 426, height: 240, hasAudio: true }])
    expect(master).toContain('#EXT-X-STREAM-INF:BANDWIDTH=510400,AVERAGE-BANDWIDTH=464000,RESOLUTION=426x240\n240p/index.m3u8')
  })
})

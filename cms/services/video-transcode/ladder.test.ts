import { describe, expect, it } from 'vitest'

import { ladderFor, masterPlaylist, rungSize, subtitlesPlaylist, withSubtitles } from './ladder'

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

  it('carries caption tracks as a SUBTITLES group every variant names, replaced as they change', () => {
    const [low, mid] = ladderFor(640, 360)
    const plain = masterPlaylist([
      { rung: low!, width: 426, height: 240, hasAudio: true },
      { rung: mid!, width: 640, height: 360, hasAudio: true },
    ])
    const captioned = withSubtitles(plain, [{ language: 'en', label: 'English', uri: '../captions/en.m3u8' }, { language: 'fr', label: 'Français', uri: '../captions/fr.m3u8' }])
    expect(captioned).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="../captions/en.m3u8"')
    expect(captioned.match(/SUBTITLES="subs"\n/g)).toHaveLength(2)
    // The media lines come before the variants that name their group.
    expect(captioned.indexOf('TYPE=SUBTITLES')).toBeLessThan(captioned.indexOf('#EXT-X-STREAM-INF'))
    const englishOnly = withSubtitles(captioned, [{ language: 'en', label: 'English', uri: '../captions/en.m3u8' }])
    expect(englishOnly).not.toContain('fr.m3u8')
    expect(englishOnly.match(/TYPE=SUBTITLES/g)).toHaveLength(1)
    expect(withSubtitles(captioned, [])).toBe(plain)
    expect(subtitlesPlaylist('en.vtt', 2.3)).toBe('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:3\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:3.000,\nen.vtt\n#EXT-X-ENDLIST\n')
  })
})

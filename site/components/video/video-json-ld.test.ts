import { describe, expect, it } from 'vitest'

import type { VideoDetail } from '../../../shared/types/content'
import { jsonForScript, videoJsonLd } from './video-json-ld'

const video: VideoDetail = {
  id: 1, videoId: 'v1', title: 'Title </script><script>alert(1)</script>', thumbnailUrl: 'x', publishedAt: '2026-01-01T00:00:00.000Z',
  duration: 'PT10M', viewCount: 1234, source: 'youtube', isUncut: false, isPremium: true, earlyAccessUntil: null, description: 'd', videoUrl: null, locked: 'premium',
  comments: 0, tags: [], keywords: ['a', 'b'], category: null, createdAt: '2026-01-01T00:00:00.000Z',
}

describe('videoJsonLd', () => {
  const ld = videoJsonLd({
    video, description: 'desc', pageUrl: 'https://site.example/video/v1', thumbnailUrl: 'https://site.example/t.jpg',
    embedUrl: 'https://www.youtube-nocookie.com/embed/v1', contentUrl: null,
    keyMoments: [{ timestamp: '5:00', description: 'Later' }, { timestamp: '0:00', description: 'Start' }, { timestamp: 'soon', description: 'Bad' }, { timestamp: '11:00', description: 'Past the end' }],
  })

  it('describes the video', () => {
    expect(ld).toMatchObject({
      '@type': 'VideoObject', duration: 'PT10M', embedUrl: 'https://www.youtube-nocookie.com/embed/v1', keywords: 'a, b', isAccessibleForFree: false,
      interactionStatistic: { userInteractionCount: 1234 },
    })
    expect(ld).not.toHaveProperty('contentUrl')
  })

  it('turns key moments into ordered clips that end where the next begins', () => {
    expect(ld.hasPart).toEqual([
      { '@type': 'Clip', name: 'Start', startOffset: 0, endOffset: 300, url: 'https://site.example/video/v1?t=0' },
      { '@type': 'Clip', name: 'Later', startOffset: 300, endOffset: 600, url: 'https://site.example/video/v1?t=300' },
    ])
  })

  it('is safe inside a <script> and still parses', () => {
    const text = jsonForScript(ld)
    expect(text).not.toMatch(/<\//)
    expect(text).not.toContain('<')
    expect(JSON.parse(text).name).toBe(video.title)
  })
})

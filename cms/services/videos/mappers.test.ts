import { describe, expect, it } from 'vitest'

import type { Video } from '../../payload-types'
import { timestampSeconds, toKeyMoments, toVideoDetail, toVideoSummary, youtubeThumbnail } from './mappers'

const doc = (over: Partial<Video> = {}): Video => ({
  id: 7,
  videoId: 'abcDEF12345',
  title: 'A video',
  publishedAt: '2026-01-02T03:04:05.000Z',
  source: 'youtube',
  updatedAt: '2026-01-02T03:04:05.000Z',
  createdAt: '2026-01-02T03:04:05.000Z',
  ...over,
})

describe('toVideoSummary', () => {
  it('fills in defaults and the YouTube still', () => {
    expect(toVideoSummary(doc())).toEqual({
      id: 7, videoId: 'abcDEF12345', title: 'A video', thumbnailUrl: 'https://i.ytimg.com/vi/abcDEF12345/maxresdefault.jpg',
      publishedAt: '2026-01-02T03:04:05.000Z', duration: null, viewCount: 0, source: 'youtube', isUncut: false, isPremium: false, earlyAccessUntil: null,
    })
    expect(toVideoSummary(doc({ source: 'manual', videoId: 'manual_x' })).thumbnailUrl).toBe('')
    expect(youtubeThumbnail('a/b', 'hqdefault')).toBe('https://i.ytimg.com/vi/a%2Fb/hqdefault.jpg')
  })
})

describe('toVideoDetail', () => {
  const manual = doc({ source: 'manual', videoUrl: '/media/videos/m.mp4', isPremium: true, tags: ['a', '', 'b'], keywords: null })
  it('gives the file only to callers who may play it', () => {
    expect(toVideoDetail(manual, { commentCount: 2, locked: null })).toMatchObject({ videoUrl: '/media/videos/m.mp4', locked: null, comments: 2, tags: ['a', 'b'], keywords: [] })
    expect(toVideoDetail(manual, { commentCount: 0, locked: 'premium' }).videoUrl).toBeNull()
    expect(toVideoDetail(manual, { commentCount: 0, locked: 'early-access' })).toMatchObject({ videoUrl: null, locked: 'early-access' })
    expect(toVideoDetail(doc({ videoUrl: 'https://elsewhere' }), { commentCount: 0, locked: null }).videoUrl).toBeNull()
  })
})

describe('toKeyMoments', () => {
  it('keeps only well-formed items, trimmed', () => {
    expect(toKeyMoments([{ timestamp: ' 1:00 ', description: ' Intro ' }, { timestamp: 5 }, null, 'x', { timestamp: '2:00', description: '' }])).toEqual([
      { timestamp: '1:00', description: 'Intro' },
    ])
    expect(toKeyMoments({ timestamp: '1:00', description: 'x' })).toEqual([])
    expect(toKeyMoments(null)).toEqual([])
  })
  it('gives the array field’s rows in the spec shape, without their row ids', () => {
    const rows = [{ id: '6745a1b2c3d4e5f601234567', timestamp: '0:00', description: 'Start' }, { id: '6745a1b2c3d4e5f601234568', timestamp: '1:02:03', description: 'Later' }]
    expect(toKeyMoments(rows)).toEqual([{ timestamp: '0:00', description: 'Start' }, { timestamp: '1:02:03', description: 'Later' }])
    for (const moment of toKeyMoments(rows)) expect(Object.keys(moment).sort()).toEqual(['description', 'timestamp'])
  })
})

describe('timestampSeconds', () => {
  it.each([
    ['0:00', 0], ['6:15', 375], ['21:40', 1300], ['1:08:10', 4090], ['45', 45],
  ])('%s → %i', (input, seconds) => expect(timestampSeconds(input)).toBe(seconds))
  it.each(['', '1:60', '1:75:00', 'abc', '1:2', '-1:00'])('%s is not a clock time', (input) => expect(timestampSeconds(input)).toBeNull())
})

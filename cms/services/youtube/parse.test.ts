import { describe, expect, it } from 'vitest'

import { batches, bestThumbnail, canonicalHandle, cleanText, DESCRIPTION_MAX, durationSeconds, normalizeDuration, toVideoFields, validateVideos, viewCountOf } from './parse'

describe('YouTube durations (ISO 8601)', () => {
  it.each([
    ['PT4M13S', 253],
    ['PT45S', 45],
    ['PT1H2M3S', 3723],
    ['PT1H', 3600],
    ['PT10M', 600],
    ['P1DT2H3M4S', 93784],
    ['P1D', 86400],
    ['P1W2D', 777600],
    ['P0D', 0],
    ['PT0S', 0],
    ['pt4m13s', 253],
    ['PT1.5S', 1],
  ])('%s is %i seconds', (value, seconds) => {
    expect(durationSeconds(value)).toBe(seconds)
  })

  it.each(['', 'P', 'PT', 'P1DT', '4:13', 'PT4M13', 'T4M', 'PT-1S', null, undefined])('refuses %s', (value) => {
    expect(durationSeconds(value as string)).toBeNull()
  })

  it('stores the canonical PT#H#M#S form', () => {
    expect(normalizeDuration('P1DT2H3M4S')).toBe('PT26H3M4S')
    expect(normalizeDuration('PT0H4M13S')).toBe('PT4M13S')
    expect(normalizeDuration('P0D')).toBe('PT0S')
    expect(normalizeDuration('nonsense')).toBeNull()
  })
})

describe('YouTube values', () => {
  it('picks the largest thumbnail offered', () => {
    expect(bestThumbnail({ default: { url: 'https://i.ytimg.com/vi/x/default.jpg' }, high: { url: 'https://i.ytimg.com/vi/x/hqdefault.jpg' } })).toBe('https://i.ytimg.com/vi/x/hqdefault.jpg')
    expect(bestThumbnail({ maxres: { url: 'https://i.ytimg.com/vi/x/maxresdefault.jpg' }, default: { url: 'https://i.ytimg.com/vi/x/default.jpg' } })).toBe(
      'https://i.ytimg.com/vi/x/maxresdefault.jpg',
    )
    expect(bestThumbnail({ maxres: { url: 'javascript:alert(1)' }, medium: { url: 'https://i.ytimg.com/vi/x/mqdefault.jpg' } })).toBe('https://i.ytimg.com/vi/x/mqdefault.jpg')
    expect(bestThumbnail(undefined)).toBeNull()
  })

  it('reads view counts given as strings', () => {
    expect(viewCountOf('12345')).toBe(12345)
    expect(viewCountOf(undefined)).toBe(0) // hidden by the owner
    expect(viewCountOf('-3')).toBe(0)
    expect(viewCountOf('1e9')).toBe(0)
  })

  it('names a channel by its @handle', () => {
    expect(canonicalHandle(' creator ')).toBe('@creator')
    expect(canonicalHandle('@Creator')).toBe('@Creator')
  })

  it('turns a videos resource into the fields YouTube owns', () => {
    const fields = toVideoFields({
      kind: 'youtube#video',
      id: 'dQw4w9WgXcQ',
      snippet: { title: '  A title  ', description: 'Line 1\n00:00 Intro', publishedAt: '2024-05-01T10:00:00Z', thumbnails: { high: { url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg' } } },
      contentDetails: { duration: 'PT3M33S' },
      statistics: { viewCount: '1500' },
    })
    expect(fields).toEqual({
      videoId: 'dQw4w9WgXcQ',
      title: 'A title',
      description: 'Line 1\n00:00 Intro',
      publishedAt: '2024-05-01T10:00:00.000Z',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      duration: 'PT3M33S',
      viewCount: 1500,
    })
    expect(toVideoFields({ kind: 'youtube#video', id: 'abcdefghijk' }).title).toBe('abcdefghijk')
    expect([...toVideoFields({ kind: 'youtube#video', id: 'abcdefghijk', snippet: { title: '€'.repeat(300) } }).title]).toHaveLength(200)
  })

  it('splits ids into batches of 50', () => {
    const ids = Array.from({ length: 120 }, (_, i) => String(i))
    expect(batches(ids).map((b) => b.length)).toEqual([50, 50, 20])
    expect(batches([])).toEqual([])
  })
})

describe('what YouTube sends, checked before anything is written', () => {
  const item = (id: string, description = 'ok', title = 'A title') => ({ kind: 'youtube#video' as const, id, snippet: { title, description, publishedAt: '2026-01-02T03:04:05Z' } })

  it('refuses ids that are not YouTube ids, and keeps each good one once', () => {
    const { valid, refused } = validateVideos([item('dQw4w9WgXcQ'), item('../../etc/pa'), item('dQw4w9WgXcQ'), item('a_b-C1234567'), item('short')])
    expect(valid.map((v) => v.videoId)).toEqual(['dQw4w9WgXcQ'])
    expect(refused).toEqual([
      { videoId: '../../etc/pa', reason: 'not a YouTube video id' },
      { videoId: 'a_b-C1234567', reason: 'not a YouTube video id' },
      { videoId: 'short', reason: 'not a YouTube video id' },
    ])
  })

  it('cleans NUL and other control characters out of text, keeping newlines and tabs', () => {
    expect(cleanText('a\u0000b\r\nc\td\u001Fe\u007Ff\n')).toBe('ab\nc\tdef\n')
    expect(cleanText('\uD800lone')).toBe('\uFFFDlone')
    const [video] = validateVideos([item('dQw4w9WgXcQ', 'Intro\u0000 part\r\n00:00 Start', '\u0000\u0001')]).valid
    expect(video).toMatchObject({ description: 'Intro part\n00:00 Start', title: 'dQw4w9WgXcQ' })
  })

  it('keeps every field within the collection’s limits', () => {
    const [video] = validateVideos([{ ...item('dQw4w9WgXcQ', 'd'.repeat(DESCRIPTION_MAX + 50), 't'.repeat(300)), snippet: { title: 't'.repeat(300), description: 'd'.repeat(DESCRIPTION_MAX + 50), publishedAt: '+275760-09-13T00:00:00.000Z' }, contentDetails: { duration: `P${'9'.repeat(40)}D` } }]).valid
    expect(video!.title).toHaveLength(200)
    expect(video!.description).toHaveLength(DESCRIPTION_MAX)
    expect(video!.publishedAt).toBe('1970-01-01T00:00:00.000Z')
    expect(video!.duration).toBeNull()
    expect(bestThumbnail({ maxres: { url: 'https://i.ytimg.com/a\u0000b.jpg' }, high: { url: 'https://i.ytimg.com/ok.jpg' } })).toBe('https://i.ytimg.com/ok.jpg')
  })
})

import { describe, expect, it } from 'vitest'

import { parseYouTubeId, parseYouTubeStart, youTubeEmbedUrl, youTubeWatchUrl } from './youtube'

describe('parseYouTubeId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    [' dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('finds the id in %s', (input, id) => {
    expect(parseYouTubeId(input)).toBe(id)
  })

  it.each([
    '',
    'dQw4w9WgXc', // 10 characters
    'dQw4w9WgXcQQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXc"><script>',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/channel/UC1234567890',
    'https://youtu.be/dQw4w9WgXcQ/extra',
  ])('refuses %s', (input) => {
    expect(parseYouTubeId(input)).toBeNull()
  })

  it('refuses what is not a string', () => {
    expect(parseYouTubeId(undefined)).toBeNull()
    expect(parseYouTubeId({ id: 'dQw4w9WgXcQ' })).toBeNull()
  })

  it('builds the privacy-enhanced embed address', () => {
    expect(youTubeEmbedUrl('dQw4w9WgXcQ')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/)
  })

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 42],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 42],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', 90],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1h2m3s', 3723],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=15', 15],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ#t=2m', 120],
  ])('reads the start time of %s', (input, seconds) => {
    expect(parseYouTubeStart(input)).toBe(seconds)
  })

  it.each(['dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ?t=0', 'https://youtu.be/dQw4w9WgXcQ?t=abc', 'https://youtu.be/dQw4w9WgXcQ?t=99999999', 'https://evil.example/watch?v=dQw4w9WgXcQ&t=5'])(
    'finds no start time in %s',
    (input) => {
      expect(parseYouTubeStart(input)).toBeNull()
    },
  )

  it('starts the embed and the watch page at the start time', () => {
    expect(youTubeEmbedUrl('dQw4w9WgXcQ', 42)).toMatch(/[?&]start=42$/)
    expect(youTubeWatchUrl('dQw4w9WgXcQ', 42)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s')
  })
})

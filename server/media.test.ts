import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { parseRange, publicCacheOf, resolveMediaFile } from './media'

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=900-', 1000, { start: 900, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=10-5000', 1000, { start: 10, end: 999 }],
    [' bytes = 1 - 2 ', 1000, { start: 1, end: 2 }],
  ])('%s of %i bytes', (header, size, expected) => expect(parseRange(header, size)).toEqual(expected))

  it.each([
    ['bytes=1000-', 1000],
    ['bytes=1000-1001', 1000],
    ['bytes=-0', 1000],
    ['bytes=0-', 0],
  ])('%s of %i bytes is unsatisfiable', (header, size) => expect(parseRange(header, size)).toBe('unsatisfiable'))

  it.each(['bytes=', 'bytes=-', 'bytes=5-1', 'bytes=0-1,3-4', 'items=0-1', 'bytes=a-b', '0-1'])('ignores %s', (header) =>
    expect(parseRange(header, 1000)).toBeNull(),
  )
})

describe('resolveMediaFile', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'media-'))
  mkdirSync(path.join(root, 'videos'))
  writeFileSync(path.join(root, 'videos', 'a.mp4'), 'x')
  writeFileSync(path.join(root, 'videos', 'notes.txt'), 'x')
  writeFileSync(path.join(os.tmpdir(), 'outside-media.jpg'), 'x')
  symlinkSync(path.join(os.tmpdir(), 'outside-media.jpg'), path.join(root, 'link.jpg'))

  it('finds a known file', async () => {
    expect(await resolveMediaFile(root, '/videos/a.mp4')).toMatchObject({ relative: 'videos/a.mp4' })
    expect(await resolveMediaFile(root, '/videos/%61.mp4')).toMatchObject({ relative: 'videos/a.mp4' })
  })

  it.each(['/videos/../videos/a.mp4', '/%2e%2e/x.mp4', '/videos/notes.txt', '/videos/missing.mp4', '/.a.mp4', '//videos/a.mp4', '/videos\\a.mp4', '/videos/a.mp4%00', '/%E0%A4%A.mp4', '/link.jpg', '/'])(
    'refuses %s',
    async (p) => expect(await resolveMediaFile(root, p)).toBeNull(),
  )
})

describe('publicCacheOf', () => {
  it('marks an uploaded video’s HLS segments immutable, playlists and other files not', () => {
    expect(publicCacheOf('videos/manual_ab12/hls/720p/seg-000.ts')).toBe('public, max-age=31536000, immutable')
    expect(publicCacheOf('videos/manual_ab12/hls-lz3k9a1f/480p/seg-012.m4s')).toBe('public, max-age=31536000, immutable')
    expect(publicCacheOf('videos/manual_ab12/hls/720p/index.m3u8')).toBe('public, max-age=2592000')
    expect(publicCacheOf('videos/manual_ab12/hls/master.m3u8')).toBe('public, max-age=2592000')
    expect(publicCacheOf('videos/manual_ab12/original.mp4')).toBe('public, max-age=2592000')
    expect(publicCacheOf('videos/legacy.ts')).toBe('public, max-age=2592000')
  })
})

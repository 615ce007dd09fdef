import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { createLiveFileCache, PLAYLIST_FRESH_MS } from './live-hls-files'

const dirs: string[] = []
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'live-files-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('a live stream’s files for many viewers', () => {
  it('serves a playlist from one read until it is PLAYLIST_FRESH_MS old, then reads the new one', async () => {
    let clock = 1_000
    const cache = createLiveFileCache({ now: () => clock })
    const dir = folder()
    const file = path.join(dir, 'index.m3u8')
    writeFileSync(file, '#EXTM3U\nseg-1.ts\n')
    expect((await cache.playlist(file))?.toString()).toContain('seg-1.ts')
    // ffmpeg replaces the playlist by renaming a finished temporary file over it.
    writeFileSync(`${file}.tmp`, '#EXTM3U\nseg-1.ts\nseg-2.ts\n')
    renameSync(`${file}.tmp`, file)
    clock += PLAYLIST_FRESH_MS - 1
    expect((await cache.playlist(file))?.toString()).not.toContain('seg-2.ts')
    clock += 1
    expect((await cache.playlist(file))?.toString()).toContain('seg-2.ts')
  })

  it('keeps a segment once read, even after ffmpeg deleted it from the folder', async () => {
    const cache = createLiveFileCache()
    const dir = folder()
    const file = path.join(dir, 'seg-7.ts')
    writeFileSync(file, Buffer.alloc(1000, 7))
    const [a, b] = await Promise.all([cache.segment(file), cache.segment(file)])
    expect(a?.length).toBe(1000)
    expect(b).toBe(a)
    rmSync(file)
    expect((await cache.segment(file))?.length).toBe(1000)
  })

  it('does not remember a segment that is not there yet', async () => {
    const cache = createLiveFileCache()
    const dir = folder()
    const file = path.join(dir, 'seg-8.ts')
    expect(await cache.segment(file)).toBeNull()
    writeFileSync(file, 'now it is')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect((await cache.segment(file))?.toString()).toBe('now it is')
  })
})

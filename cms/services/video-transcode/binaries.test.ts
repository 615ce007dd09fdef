import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { demuxerFor, limitedCommand, memoryLimitBytes, onPath, run, transcodeTimeoutMs } from './binaries'

afterEach(() => vi.unstubAllEnvs())

describe('which ffmpeg runs', () => {
  it('finds an executable on PATH, skipping folders without it and relative ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bin-'))
    const tool = path.join(dir, 'ffmpeg')
    fs.writeFileSync(tool, '#!/bin/sh\n', { mode: 0o755 })
    fs.writeFileSync(path.join(dir, 'ffprobe'), 'not executable', { mode: 0o644 })
    expect(onPath('ffmpeg', ['relative/bin', '/nonexistent', dir].join(path.delimiter))).toBe(tool)
    expect(onPath('ffprobe', dir)).toBeNull()
    fs.rmSync(dir, { recursive: true })
  })
})

describe('the fences around every run', () => {
  it('names the demuxer from the original’s extension, so ffmpeg never guesses a playlist format', () => {
    expect(demuxerFor('/x/original.mp4')).toEqual(['-f', 'mov'])
    expect(demuxerFor('/x/original.MOV')).toEqual(['-f', 'mov'])
    expect(demuxerFor('/x/original.wmv')).toEqual(['-f', 'asf'])
    expect(demuxerFor('/x/original.avi')).toEqual(['-f', 'avi'])
    expect(demuxerFor('/x/original.flv')).toEqual(['-f', 'flv'])
    expect(demuxerFor('/x/original.m3u8')).toEqual([])
  })

  it('scales the wall-clock limit with the video’s length, with a floor', () => {
    expect(transcodeTimeoutMs(2)).toBe(300_000)
    expect(transcodeTimeoutMs(3600)).toBe(36_000_000)
    vi.stubEnv('TRANSCODE_TIMEOUT_FACTOR', '2')
    vi.stubEnv('TRANSCODE_TIMEOUT_MIN_SECONDS', '60')
    expect(transcodeTimeoutMs(10)).toBe(60_000)
    expect(transcodeTimeoutMs(600)).toBe(1_200_000)
  })

  it('wraps the command in prlimit --as when there is a limit and a prlimit', () => {
    expect(memoryLimitBytes()).toBe(3072 * 1024 * 1024)
    vi.stubEnv('FFMPEG_MEMORY_MB', '0')
    expect(memoryLimitBytes()).toBe(0)
    expect(limitedCommand('/usr/bin/ffmpeg', ['-i', 'x'], 0, '/usr/bin/prlimit')).toEqual(['/usr/bin/ffmpeg', ['-i', 'x']])
    expect(limitedCommand('/usr/bin/ffmpeg', ['-i', 'x'], 1024, null)).toEqual(['/usr/bin/ffmpeg', ['-i', 'x']])
    if (process.platform === 'linux') expect(limitedCommand('/usr/bin/ffmpeg', ['-i', 'x'], 1024, '/usr/bin/prlimit')).toEqual(['/usr/bin/prlimit', ['--as=1024', '--', '/usr/bin/ffmpeg', '-i', 'x']])
  })

  it('kills a run past its time and says so', async () => {
    await expect(run('/bin/sleep', ['5'], { timeoutMs: 200 })).rejects.toThrow('sleep took longer than 0 minutes and was stopped')
  })

  it.runIf(process.platform === 'linux' && onPath('prlimit'))('a run over its memory limit fails instead of taking the machine’s memory', async () => {
    vi.stubEnv('FFMPEG_MEMORY_MB', '64')
    // node itself needs more than 64 MB of address space to start.
    await expect(run(process.execPath, ['-e', 'Buffer.alloc(256 * 1024 * 1024).fill(1)'], { timeoutMs: 20_000 })).rejects.toThrow()
  })
})

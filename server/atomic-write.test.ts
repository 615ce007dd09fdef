import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { writeFileAtomic, writeFileAtomicSync } from './atomic-write'

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-write-'))
const listing = (dir: string) => fs.readdirSync(dir).sort()

/** A stream to /dev/full: every write fails with ENOSPC, as on a full disk. The temp file exists, empty. */
const fullDisk = (tempPath: string, mode: number) => {
  fs.writeFileSync(tempPath, '', { mode })
  return fs.createWriteStream('/dev/full')
}

afterEach(() => vi.restoreAllMocks())

describe('writeFileAtomic', () => {
  it('writes the whole file under its name, with its mode, and nothing else', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'secret')
    await writeFileAtomic(file, 'abc\n', { mode: 0o600 })
    expect(fs.readFileSync(file, 'utf8')).toBe('abc\n')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(listing(dir)).toEqual(['secret'])
  })

  it.skipIf(!fs.existsSync('/dev/full'))('on a full disk (ENOSPC) leaves no file, no empty file and no temp file', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'picture.webp')
    await expect(writeFileAtomic(file, Buffer.alloc(64 * 1024, 1), { createWriteStream: fullDisk })).rejects.toMatchObject({ code: 'ENOSPC' })
    expect(listing(dir)).toEqual([])
  })

  it('on a full disk keeps the old file as it was', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'payload-secret')
    fs.writeFileSync(file, 'old\n')
    await expect(writeFileAtomic(file, 'new\n', { createWriteStream: fullDisk })).rejects.toThrow()
    expect(fs.readFileSync(file, 'utf8')).toBe('old\n')
    expect(listing(dir)).toEqual(['payload-secret'])
  })

  it('when the upload stream breaks half-way, leaves nothing behind', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'upload.mp4')
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(1024))
        this.destroy(new Error('client went away'))
      },
    })
    await expect(writeFileAtomic(file, broken)).rejects.toThrow('client went away')
    expect(listing(dir)).toEqual([])
  })
})

describe('writeFileAtomicSync', () => {
  it('writes the whole file', () => {
    const dir = tempDir()
    writeFileAtomicSync(path.join(dir, 'payload-secret'), 'abc\n', { mode: 0o600 })
    expect(fs.readFileSync(path.join(dir, 'payload-secret'), 'utf8')).toBe('abc\n')
    expect(listing(dir)).toEqual(['payload-secret'])
  })

  it('when the write fails (ENOSPC), leaves no file and no temp file', () => {
    const dir = tempDir()
    vi.spyOn(fs, 'writeFileSync').mockImplementation(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })
    })
    expect(() => writeFileAtomicSync(path.join(dir, 'payload-secret'), 'abc\n')).toThrow('ENOSPC')
    expect(listing(dir)).toEqual([])
  })
})

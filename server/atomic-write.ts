import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * Files are written whole or not at all: the bytes go to a temporary file beside the target,
 * are flushed to disk, then renamed over it (atomic on one file system). A full disk or a broken
 * upload stream leaves the old file, or none, and removes the temporary one: never a zero-byte or
 * truncated file under the real name.
 */

export type AtomicWriteOptions = {
  mode?: number
  /** Where the temporary file's bytes go (tests pass a stream to /dev/full to get a real ENOSPC). */
  createWriteStream?: (tempPath: string, mode: number) => Writable
}

const tempPathFor = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)

export async function writeFileAtomic(file: string, data: string | Uint8Array | Readable | AsyncIterable<Uint8Array>, options: AtomicWriteOptions = {}) {
  const mode = options.mode ?? 0o644
  const temp = tempPathFor(file)
  const source = typeof data === 'string' || data instanceof Uint8Array ? Readable.from([typeof data === 'string' ? Buffer.from(data) : data]) : Readable.from(data)
  try {
    const target = options.createWriteStream ? options.createWriteStream(temp, mode) : fs.createWriteStream(temp, { flags: 'wx', mode, flush: true })
    await pipeline(source, target)
    await fs.promises.rename(temp, file)
  } catch (error) {
    await fs.promises.rm(temp, { force: true })
    throw error
  }
}

export function writeFileAtomicSync(file: string, data: string | Uint8Array, { mode = 0o644 }: { mode?: number } = {}) {
  const temp = tempPathFor(file)
  try {
    const fd = fs.openSync(temp, 'wx', mode)
    try {
      fs.writeFileSync(fd, data)
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
    fs.renameSync(temp, file)
  } catch (error) {
    fs.rmSync(temp, { force: true })
    throw error
  }
}

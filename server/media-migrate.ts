// `npm run media:migrate`: copies the media kept on the local disk (DATA_DIR/media: images and
// their sizes, uploaded videos' originals, HLS folders, captions, stills and posters; and
// DATA_DIR/avatars) into the S3 bucket named by S3_BUCKET, under the keys the app reads them by.
// An object already there with the same size is left alone, so it is safe to run again (after
// an interruption, or before switching a live site over). Needs no database.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { headObject, objectStore, putObject, type ObjectStore } from '../cms/services/media/object-store'
import { avatarsKeyPrefix, mediaKeyPrefix } from '../cms/services/media/s3-config'
import { ROOT } from './environment'

export type MigrateCounts = { copied: number; skipped: number; failed: number; bytes: number }

/** Leftovers of work in progress, never media: uploads in flight, a transcode's partial output, temporaries. */
const isWorkInProgress = (name: string, isDir: boolean) => (isDir ? name === '.uploads' || name === '.hls-partial' : /\.(tmp|pid|part)$/.test(name))

async function* filesUnder(dir: string): AsyncGenerator<string> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const entry of entries) {
    if (isWorkInProgress(entry.name, entry.isDirectory())) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (entry.isFile()) yield full
  }
}

/** Copies every file under `dir` to `keyPrefix` + its relative path. */
export async function copyFolder(store: ObjectStore, dir: string, keyPrefix: string, counts: MigrateCounts, log: (line: string) => void = () => undefined): Promise<void> {
  for await (const file of filesUnder(dir)) {
    const key = keyPrefix + path.relative(dir, file).split(path.sep).join('/')
    try {
      const { size } = await fs.promises.stat(file)
      const existing = await headObject(store, key)
      if (existing && existing.size === size) {
        counts.skipped += 1
        continue
      }
      await putObject(store, key, { file })
      counts.copied += 1
      counts.bytes += size
    } catch (error) {
      counts.failed += 1
      log(`failed: ${key}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

export async function migrateMedia(dataDir: string, log: (line: string) => void = console.log): Promise<MigrateCounts> {
  const store = objectStore()
  if (!store) throw new Error('Set S3_BUCKET (and the other S3_* variables) to the bucket the media should move to.')
  const counts: MigrateCounts = { copied: 0, skipped: 0, failed: 0, bytes: 0 }
  await copyFolder(store, path.join(dataDir, 'media'), mediaKeyPrefix(store.config), counts, log)
  await copyFolder(store, path.join(dataDir, 'avatars'), avatarsKeyPrefix(store.config), counts, log)
  return counts
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data')
  try {
    const counts = await migrateMedia(dataDir)
    console.log(`media:migrate ${dataDir} → s3://${objectStore()!.bucket}: ${counts.copied} copied (${counts.bytes} bytes), ${counts.skipped} already there, ${counts.failed} failed`)
    process.exit(counts.failed > 0 ? 1 : 0)
  } catch (error) {
    console.error(`media:migrate: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}

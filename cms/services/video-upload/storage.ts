// Where self-hosted videos' bytes live. Everything that touches a video file goes through this
// module (the upload, the transcode job, captions, thumbnails, the deletion job): on the local disk
// under DATA_DIR/media, or, with S3_BUCKET set, in the bucket under the same relative keys
// (`{S3_PREFIX}media/videos/{id}/…`), so any app process can read what another wrote. Paths stay
// the currency either way: a path under the media root names a bucket object when a bucket is on.
// Uploads in flight and a transcode's work folder stay on this machine's disk (hidden `.uploads`).
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { CONTAINER_EXTENSIONS, type VideoContainer } from '../../../shared/video-upload'
import { copyObject, deleteObjects, deletePrefix, downloadObject, listObjects, objectStore, putObject, readObjectBytes, type ObjectStore } from '../media/object-store'
import { mediaKeyPrefix } from '../media/s3-config'

/** The media folder the site already serves at /media (server/media.ts, cms/collections/Media.ts). */
export const mediaRoot = () => path.resolve(process.env.DATA_DIR ?? '.data', 'media')

/** Uploads in flight: a hidden folder, so /media never serves a partial file (hidden segments are refused). */
export const uploadsInFlightDir = () => path.join(mediaRoot(), '.uploads')
/** The tus store's folder (partial resumable uploads and their .json info files). */
export const tusDir = () => path.join(mediaRoot(), '.uploads', 'tus')

/** One folder per uploaded video: original.<ext>, hls/… */
export const videoDir = (videoId: string) => path.join(mediaRoot(), 'videos', safeId(videoId))
/** A stream's folder: `hls` for the first, `hls-{version}` after a replaced file. */
export const hlsDir = (videoId: string, name = 'hls') => {
  if (!/^hls(-[a-z0-9]{1,24})?$/.test(name)) throw new Error('unsafe stream folder')
  return path.join(videoDir(videoId), name)
}
/** The stream folder an hlsUrl names (`/media/videos/{id}/{folder}/master.m3u8?v=…`), or null. */
export const hlsNameOf = (hlsUrl: string | null | undefined): string | null => /\/(hls(?:-[a-z0-9]{1,24})?)\/master\.m3u8(?:\?.*)?$/.exec(hlsUrl ?? '')?.[1] ?? null
/**
 * The HLS output while the job writes it: hidden, renamed to hls/ when whole. With a bucket, a
 * folder on this machine's disk, uploaded when whole.
 */
export const hlsWorkDir = (videoId: string) => (objectStore() ? path.join(uploadsInFlightDir(), 'hls', safeId(videoId)) : path.join(videoDir(videoId), '.hls-partial'))
export const originalFile = (videoId: string, container: VideoContainer) => path.join(videoDir(videoId), `original.${CONTAINER_EXTENSIONS[container]}`)
/** Posters and thumbnails are public images (a locked video's page shows its poster). */
export const posterFile = (videoId: string) => path.join(mediaRoot(), 'video-posters', `${safeId(videoId)}.jpg`)

/** The /media URL of a file under the media root. */
export function publicUrl(file: string): string {
  const relative = path.relative(mediaRoot(), file)
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error('not under the media root')
  return `/media/${relative.split(path.sep).map(encodeURIComponent).join('/')}`
}

/** Stills the transcode saves for the creator to pick a thumbnail from (behind the video's gate, like its stream). */
export const framesDir = (videoId: string) => path.join(videoDir(videoId), 'frames')
export const frameFile = (videoId: string, n: number) => path.join(framesDir(videoId), `frame-${n}.jpg`)
/** Caption tracks: `{language}-{version}.vtt` and its subtitles playlist `.m3u8`, behind the video's gate. */
export const captionsDir = (videoId: string) => path.join(videoDir(videoId), 'captions')
/** A replacement file waiting for its transcode: the current original keeps playing until then. */
export const replacementFile = (videoId: string, container: VideoContainer) => path.join(videoDir(videoId), `replacement.${CONTAINER_EXTENSIONS[container]}`)

export const originalUrl = (videoId: string, container: VideoContainer) => publicUrl(originalFile(videoId, container))
export const hlsMasterUrl = (videoId: string, name = 'hls') => publicUrl(path.join(hlsDir(videoId, name), 'master.m3u8'))
/**
 * The poster's URL; `version` (a replaced thumbnail) changes the URL, since public media is cached
 * for a month: the new picture is fetched, never an old copy.
 */
export const posterUrl = (videoId: string, version?: string) => publicUrl(posterFile(videoId)) + (version ? `?v=${version}` : '')
export const frameUrl = (videoId: string, n: number) => publicUrl(frameFile(videoId, n))
/** A short, URL-safe version stamp for files whose content changes under the same name. */
export const versionStamp = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`

/** The uploaded video a /media path belongs to (`videos/manual_…/…`), or null. */
export function videoIdOfMediaPath(relative: string): string | null {
  const match = /^videos\/(manual_[a-z0-9_-]+)\//.exec(relative)
  return match ? match[1]! : null
}

function safeId(videoId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(videoId)) throw new Error('unsafe video id')
  return videoId
}

/** A fresh temporary file path for an upload as it streams in. */
export async function newInFlightFile(): Promise<string> {
  await fs.promises.mkdir(uploadsInFlightDir(), { recursive: true })
  return path.join(uploadsInFlightDir(), `${Date.now()}-${randomBytes(8).toString('hex')}.part`)
}

/**
 * The bucket and key of a path under the media root while a bucket is on; null for a path on the
 * local disk (no bucket, uploads in flight, anything outside the media root).
 */
export function bucketKey(file: string): { store: ObjectStore; key: string } | null {
  const store = objectStore()
  if (!store) return null
  const relative = path.relative(mediaRoot(), file)
  if (relative.startsWith('..') || path.isAbsolute(relative) || relative === '.uploads' || relative.startsWith(`.uploads${path.sep}`)) return null
  return { store, key: mediaKeyPrefix(store.config) + relative.split(path.sep).join('/') }
}

/** Moves a local file (an upload received, a transcode's output) to `target`; the local file is gone after. */
export async function moveIntoPlace(localFile: string, target: string): Promise<string> {
  const stored = bucketKey(target)
  if (stored) {
    await putObject(stored.store, stored.key, { file: localFile }, contentTypeOf(target))
    await fs.promises.rm(localFile, { force: true })
    return target
  }
  await fs.promises.mkdir(path.dirname(target), { recursive: true })
  await fs.promises.rename(localFile, target)
  return target
}

/** Moves a finished upload to its place as the video's original (same file system: a rename). */
export const placeOriginal = (tempFile: string, videoId: string, container: VideoContainer): Promise<string> => moveIntoPlace(tempFile, originalFile(videoId, container))

/** Renames a stored file (a replacement becoming the original). */
export async function renameStored(from: string, to: string): Promise<void> {
  const source = bucketKey(from)
  const target = bucketKey(to)
  if (source && target) {
    await copyObject(source.store, source.key, target.key)
    await deleteObjects(source.store, [source.key])
    return
  }
  await fs.promises.rename(from, to)
}

/** Writes a file whole or not at all (a temporary beside it, then a rename; one PUT in a bucket). */
export async function writeWhole(target: string, bytes: Uint8Array | string): Promise<string> {
  const stored = bucketKey(target)
  if (stored) {
    await putObject(stored.store, stored.key, bytes, contentTypeOf(target))
    return target
  }
  await fs.promises.mkdir(path.dirname(target), { recursive: true })
  const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`
  await fs.promises.writeFile(temp, bytes)
  await fs.promises.rename(temp, target)
  return target
}

/** A stored file's bytes (a playlist, a still), or null when there is none. */
export async function readStored(file: string): Promise<Buffer | null> {
  const stored = bucketKey(file)
  if (stored) return readObjectBytes(stored.store, stored.key)
  return fs.promises.readFile(file).catch(() => null)
}

/**
 * A stored file as a local path for tools that read files (ffmpeg): the file itself on the local
 * disk, else a download into the uploads folder, removed by `release`.
 */
export async function localCopy(file: string): Promise<{ path: string; release: () => Promise<void> } | null> {
  const stored = bucketKey(file)
  if (!stored) return fs.existsSync(file) ? { path: file, release: async () => undefined } : null
  const local = path.join(await newInFlightDir(), path.basename(file))
  if (!(await downloadObject(stored.store, stored.key, local))) {
    await fs.promises.rm(path.dirname(local), { recursive: true, force: true })
    return null
  }
  return { path: local, release: () => fs.promises.rm(path.dirname(local), { recursive: true, force: true }) }
}

/** The names directly in a video's folder (files and subfolders), as readdir gives them. */
export async function videoFolderNames(videoId: string): Promise<string[]> {
  const dir = videoDir(videoId)
  const stored = bucketKey(dir)
  if (!stored) return fs.promises.readdir(dir).catch(() => [] as string[])
  const objects = await listObjects(stored.store, `${stored.key}/`)
  return [...new Set(objects.map((o) => o.key.slice(stored.key.length + 1).split('/')[0]!))]
}

export const writePoster = (videoId: string, bytes: Uint8Array) => writeWhole(posterFile(videoId), bytes)

/** Swaps a finished HLS rendition in as the stream folder `name` (replacing one of that name). */
export async function publishHls(videoId: string, name = 'hls'): Promise<void> {
  const finalDir = hlsDir(videoId, name)
  const stored = bucketKey(finalDir)
  if (stored) {
    const work = hlsWorkDir(videoId)
    const files = (await fs.promises.readdir(work, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
    await deletePrefix(stored.store, `${stored.key}/`)
    // The master playlist last: once it is there, everything it names is too.
    files.sort((a, b) => Number(a.name === 'master.m3u8') - Number(b.name === 'master.m3u8'))
    for (const entry of files) {
      const local = path.join(entry.parentPath, entry.name)
      await putObject(stored.store, `${stored.key}/${path.relative(work, local).split(path.sep).join('/')}`, { file: local }, contentTypeOf(local))
    }
    await fs.promises.rm(work, { recursive: true, force: true })
    return
  }
  await fs.promises.rm(finalDir, { recursive: true, force: true })
  await fs.promises.rename(hlsWorkDir(videoId), finalDir)
}

/** Removes every stream folder of a video but `keep` (the old stream, once a replacement plays). */
export async function removeHlsExcept(videoId: string, keep: string): Promise<void> {
  for (const name of await videoFolderNames(videoId)) if (/^hls(-|$)/.test(name) && name !== keep) await removeTree(path.join(videoDir(videoId), name))
}

/** A file or folder, gone (every object under it in a bucket). */
async function removeTree(target: string): Promise<void> {
  const stored = bucketKey(target)
  if (stored) return deletePrefix(stored.store, `${stored.key}/`)
  await fs.promises.rm(target, { recursive: true, force: true }).catch(() => undefined)
}

export async function removeFile(file: string | null | undefined): Promise<void> {
  if (!file) return
  const stored = bucketKey(file)
  if (stored) return deleteObjects(stored.store, [stored.key]).catch(() => undefined)
  await fs.promises.rm(file, { force: true }).catch(() => undefined)
}

/** Everything a video's upload left: its folder and poster. */
export async function removeVideoFiles(videoId: string): Promise<void> {
  await removeTree(videoDir(videoId))
  await removeFile(posterFile(videoId))
}

/** The first `n` bytes of a local file (the container check of a received upload). */
export async function readHead(file: string, n: number): Promise<Uint8Array> {
  const handle = await fs.promises.open(file, 'r')
  try {
    const buffer = Buffer.alloc(n)
    const { bytesRead } = await handle.read(buffer, 0, n, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** A fresh folder for a download of this process. */
async function newInFlightDir(): Promise<string> {
  const dir = path.join(uploadsInFlightDir(), `${Date.now()}-${randomBytes(8).toString('hex')}.dl`)
  await fs.promises.mkdir(dir, { recursive: true })
  return dir
}

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
}
const contentTypeOf = (file: string) => CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'

// Where self-hosted videos' bytes live. Everything that touches a video file on disk goes through
// this module (the upload, the tus store, the transcode job, the media door's lookup), so moving
// originals and HLS output to S3-compatible storage later replaces this one file's local driver.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { CONTAINER_EXTENSIONS, type VideoContainer } from '../../../shared/video-upload'

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
/** The HLS output while the job writes it: hidden, renamed to hls/ when whole. */
export const hlsWorkDir = (videoId: string) => path.join(videoDir(videoId), '.hls-partial')
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

/** Moves a finished upload to its place as the video's original (same file system: a rename). */
export async function placeOriginal(tempFile: string, videoId: string, container: VideoContainer): Promise<string> {
  const target = originalFile(videoId, container)
  await fs.promises.mkdir(path.dirname(target), { recursive: true })
  await fs.promises.rename(tempFile, target)
  return target
}

/** Writes a file whole or not at all (a temporary beside it, then a rename). */
export async function writeWhole(target: string, bytes: Uint8Array | string): Promise<string> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true })
  const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`
  await fs.promises.writeFile(temp, bytes)
  await fs.promises.rename(temp, target)
  return target
}

export const writePoster = (videoId: string, bytes: Uint8Array) => writeWhole(posterFile(videoId), bytes)

/** Swaps a finished HLS rendition in as the stream folder `name` (replacing one of that name). */
export async function publishHls(videoId: string, name = 'hls'): Promise<void> {
  const finalDir = hlsDir(videoId, name)
  await fs.promises.rm(finalDir, { recursive: true, force: true })
  await fs.promises.rename(hlsWorkDir(videoId), finalDir)
}

/** Removes every stream folder of a video but `keep` (the old stream, once a replacement plays). */
export async function removeHlsExcept(videoId: string, keep: string): Promise<void> {
  const names = await fs.promises.readdir(videoDir(videoId)).catch(() => [] as string[])
  for (const name of names) if (/^hls(-|$)/.test(name) && name !== keep) await fs.promises.rm(path.join(videoDir(videoId), name), { recursive: true, force: true })
}

export const removeFile = (file: string | null | undefined) => (file ? fs.promises.rm(file, { force: true }).catch(() => undefined) : Promise.resolve())

/** Everything a video's upload left: its folder and poster. */
export async function removeVideoFiles(videoId: string): Promise<void> {
  await fs.promises.rm(videoDir(videoId), { recursive: true, force: true }).catch(() => undefined)
  await removeFile(posterFile(videoId))
}

/** The first `n` bytes of a file (the container check of a finished tus upload). */
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

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
export const hlsDir = (videoId: string) => path.join(videoDir(videoId), 'hls')
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

export const originalUrl = (videoId: string, container: VideoContainer) => publicUrl(originalFile(videoId, container))
export const hlsMasterUrl = (videoId: string) => publicUrl(path.join(hlsDir(videoId), 'master.m3u8'))
export const posterUrl = (videoId: string) => publicUrl(posterFile(videoId))

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

export async function writePoster(videoId: string, bytes: Uint8Array): Promise<string> {
  const target = posterFile(videoId)
  await fs.promises.mkdir(path.dirname(target), { recursive: true })
  const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`
  await fs.promises.writeFile(temp, bytes)
  await fs.promises.rename(temp, target)
  return target
}

/** Swaps a finished HLS rendition in for the old one (if any). */
export async function publishHls(videoId: string): Promise<void> {
  const finalDir = hlsDir(videoId)
  await fs.promises.rm(finalDir, { recursive: true, force: true })
  await fs.promises.rename(hlsWorkDir(videoId), finalDir)
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

import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

import express, { type Response } from 'express'
import type { Payload } from 'payload'

import type { Readable } from 'node:stream'

import { contentCache } from '../cms/services/cache'
import { userIsAdmin } from '../cms/access/roles'
import { canOpen, isViewable, type GateItem, type VisibleItem } from '../cms/services/premium-gate'
import { headObject, objectStore, readObject, type ObjectStore } from '../cms/services/media/object-store'
import { mediaKeyPrefix } from '../cms/services/media/s3-config'
import { videoIdOfMediaPath } from '../cms/services/video-upload/storage'
import { ROOT } from './environment'
import { logger } from './logger'
import { toHeaders } from './request-user'

/** The only files /media hands out; anything else is a 404 even when it exists. */
const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.vtt': 'text/vtt; charset=utf-8',
  // Uploads (cms/services/video-upload): originals in any SPEC §5 format, and their HLS renditions.
  '.avi': 'video/x-msvideo',
  '.wmv': 'video/x-ms-wmv',
  '.flv': 'video/x-flv',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
}

/** Free files: a month in any cache, revalidated by ETag after that. */
const PUBLIC_CACHE = 'public, max-age=2592000'
/**
 * An uploaded video's HLS segments: a stream folder (`hls/`, then `hls-{version}/` for each
 * replaced file, cms/services/video-upload/storage.ts) is published whole and never rewritten, so
 * its segments are the same bytes for as long as the URL exists. Playlists are not: the master is
 * rewritten in place when captions change.
 */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'
const HLS_SEGMENT = /^videos\/manual_[a-z0-9_-]+\/hls(?:-[a-z0-9]{1,24})?\/(?:[^/]+\/)*[^/]+\.(?:ts|m4s)$/
/** A free file's Cache-Control: its HLS segments never change, the rest revalidates after a month. */
export const publicCacheOf = (relative: string) => (HLS_SEGMENT.test(relative) ? IMMUTABLE_CACHE : PUBLIC_CACHE)
/**
 * Locked files (premium, uncut, early access): the member's own browser only, and revalidated on
 * every use (the ETag makes that a 304), so a lapsed membership ends access at the next request.
 */
const PRIVATE_CACHE = 'private, no-cache'

export type ByteRange = { start: number; end: number }

/**
 * Reads a Range header for a file of `size` bytes (RFC 9110 §14). Returns the one range to send,
 * 'unsatisfiable' (→ 416), or null to ignore the header and send the whole file (malformed,
 * another unit, or several ranges, which a server may answer in full).
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!match) return null
  const [, first, last] = match
  if (first === '' && last === '') return null
  if (first === '') {
    // Suffix range: the final N bytes.
    const length = Number(last)
    if (length === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Number(last)
  if (last !== '' && end < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: Math.min(end, size - 1) }
}

/**
 * The media path a request names (relative, '/'-separated), or null. Decodes once, refuses NUL
 * bytes, backslashes, empty, '.', '..' and hidden segments and unknown extensions.
 */
export function mediaRelativePath(requestPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(requestPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const segments = decoded.replace(/^\//, '').split('/')
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null
  const relative = segments.join('/')
  if (!(path.extname(relative).toLowerCase() in CONTENT_TYPES)) return null
  return relative
}

/**
 * The file under `root` that a request path names, or null: a safe media path (mediaRelativePath)
 * whose real path (symlinks resolved) is still inside the real root.
 */
export async function resolveMediaFile(root: string, requestPath: string): Promise<{ file: string; relative: string } | null> {
  const relative = mediaRelativePath(requestPath)
  if (!relative) return null
  try {
    const realRoot = await fs.promises.realpath(root)
    const real = await fs.promises.realpath(path.join(realRoot, ...relative.split('/')))
    if (!real.startsWith(realRoot + path.sep)) return null
    return { file: real, relative }
  } catch {
    return null
  }
}

/** Where a media file's bytes come from: the local disk, or the bucket when S3_BUCKET is set. */
type MediaSource = { relative: string; size: number; etag: string; lastModified: Date; open: (range: ByteRange, signal: AbortSignal) => Promise<Readable | null> }

async function localSource(root: string, requestPath: string): Promise<MediaSource | null> {
  const resolved = await resolveMediaFile(root, requestPath)
  if (!resolved) return null
  const stat = await fs.promises.stat(resolved.file).catch(() => null)
  if (!stat?.isFile()) return null
  return {
    relative: resolved.relative,
    size: stat.size,
    etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    lastModified: stat.mtime,
    open: async ({ start, end }) => fs.createReadStream(resolved.file, { start, end }),
  }
}

async function bucketSource(store: ObjectStore, requestPath: string): Promise<MediaSource | null> {
  const relative = mediaRelativePath(requestPath)
  if (!relative) return null
  const key = mediaKeyPrefix(store.config) + relative
  const head = await headObject(store, key)
  if (!head) return null
  const lastModified = head.lastModified ?? new Date(0)
  return {
    relative,
    size: head.size,
    // The bucket's ETag (quoted, content-derived); a weak one is never sent for ranges' sake.
    etag: head.etag && /^"[^"]*"$/.test(head.etag) ? head.etag : `"${head.size.toString(16)}-${lastModified.getTime().toString(16)}"`,
    lastModified,
    open: (range, signal) => readObject(store, key, range, signal),
  }
}

/** The gate flags (and whether it is viewable: plays, not private, published) of every video pointing at a file; null when none does. */
type FileVideos = (GateItem & VisibleItem)[] | null

/**
 * Video files are served only while a video document points at them, and only to those the
 * premium gate lets open every such video (premium, uncut and early-access videos: Premium
 * members and admins). Posters and other images are public.
 */
async function videosOf(payload: Payload, relative: string): Promise<FileVideos | 'public'> {
  if (!relative.startsWith('videos/')) return 'public'
  const urlPath = `/media/${relative}`
  const absolute = process.env.SERVER_URL ? `${process.env.SERVER_URL.replace(/\/$/, '')}${urlPath}` : urlPath
  // An upload's folder (videos/manual_…/: its original and HLS playlists and segments) belongs to
  // the video of that id; any other file to the videos pointing at it.
  const uploadedVideoId = videoIdOfMediaPath(relative)
  // Remembered like other content reads (cleared by any video write): an HLS player asks for a
  // playlist and a segment every few seconds, each of them checked here.
  return contentCache().get(JSON.stringify(['media:gate', uploadedVideoId ?? urlPath]), () => gateFlagsOf(payload, uploadedVideoId, urlPath, absolute))
}

async function gateFlagsOf(payload: Payload, uploadedVideoId: string | null, urlPath: string, absolute: string): Promise<FileVideos> {
  // overrideAccess: this router is the access check; it reads only the gate's flags.
  const { docs } = await payload.find({
    collection: 'videos',
    where: uploadedVideoId ? { videoId: { equals: uploadedVideoId } } : { or: [{ videoUrl: { equals: urlPath } }, { videoUrl: { equals: absolute } }] },
    select: { isPremium: true, isUncut: true, earlyAccessUntil: true, source: true, transcodeStatus: true, visibility: true, publishedAt: true },
    depth: 0,
    joins: false,
    limit: 10,
    pagination: false,
    overrideAccess: true,
  })
  return docs.length === 0 ? null : docs
}

const notFound = (res: Response) => res.status(404).set('cache-control', 'no-store').json({ error: 'Not found.' })

/**
 * /media/…: files under $DATA_DIR/media (or the bucket's `{S3_PREFIX}media/`) with HTTP Range support (206 / 416 / 200 + Accept-Ranges),
 * ETag revalidation and long cache lifetimes. Locked video files (the premium gate) are checked on
 * every request, range requests included, against the session cookie as it stands now.
 */
export function createMediaRouter({ payload, root = path.join(process.env.DATA_DIR ?? path.join(ROOT, '.data'), 'media') }: { payload: Payload; root?: string }) {
  const router = express.Router()

  // A plain middleware rather than a '/{*file}' route: the router would decode that parameter
  // itself and turn a malformed escape into an error; resolveMediaFile decodes and refuses it.
  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    try {
      const store = objectStore()
      const source = store ? await bucketSource(store, req.path) : await localSource(root, req.path)
      if (!source) return notFound(res)

      const videos = await videosOf(payload, source.relative)
      if (videos === null) return notFound(res)
      const now = new Date()
      // Locked to someone: the check runs on every request (each range), against the session now.
      // A video nobody may open by its link (transcoding, failed, private, or scheduled) is for admins only.
      const offSite = videos !== 'public' && videos.every((video) => !isViewable(video, now))
      const gated = videos !== 'public' && (offSite || videos.some((video) => !canOpen(null, video, now)))
      if (gated) {
        const { user } = await payload.auth({ headers: toHeaders(req) }).catch(() => ({ user: null }))
        const member = user && user.collection === 'users' ? user : null
        if (offSite && !userIsAdmin(member)) return notFound(res)
        if (!videos.every((video) => canOpen(member, video, now))) {
          logger.warn({ userId: member?.id ?? null, path: req.originalUrl, ip: req.ip }, 'premium media refused')
          return res
            .status(403)
            .set({ 'cache-control': 'no-store', vary: 'Cookie' })
            .json({ error: member ? 'Premium membership is required to watch this video.' : 'Please sign in with a premium membership to watch this video.' })
        }
      }

      const { size, etag, lastModified } = source
      res.set({
        'accept-ranges': 'bytes',
        'content-type': CONTENT_TYPES[path.extname(source.relative).toLowerCase()] ?? 'application/octet-stream',
        'cache-control': gated ? PRIVATE_CACHE : publicCacheOf(source.relative),
        etag,
        'last-modified': lastModified.toUTCString(),
      })
      if (gated) res.vary('Cookie')

      if (req.fresh) return res.status(304).end()

      const rangeHeader = req.headers.range
      const ifRange = req.headers['if-range']
      // If-Range: the range holds only for the copy the client has; otherwise send it all.
      const rangeApplies = rangeHeader && (!ifRange || ifRange === etag || ifRange === lastModified.toUTCString())
      const range = rangeApplies ? parseRange(rangeHeader, size) : null
      if (range === 'unsatisfiable') {
        return res.status(416).set({ 'content-range': `bytes */${size}`, 'cache-control': 'no-store' }).end()
      }
      const { start, end } = range ?? { start: 0, end: size - 1 }
      if (range) res.status(206).set('content-range', `bytes ${start}-${end}/${size}`)
      else res.status(200)
      res.set('content-length', String(size === 0 ? 0 : end - start + 1))
      if (req.method === 'HEAD' || size === 0) return res.end()
      // The player closing the connection stops the bucket's download too.
      const abort = new AbortController()
      res.once('close', () => abort.abort())
      const body = await source.open({ start, end }, abort.signal).catch((error: unknown) => {
        if (abort.signal.aborted) return null
        throw error
      })
      // Gone between the look-up and the read (deleted meanwhile), or the player left: nothing to send.
      if (!body) return res.destroy()
      await pipeline(body, res).catch((error: NodeJS.ErrnoException) => {
        // The player closing the connection mid-range (seeking) is normal.
        if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') logger.warn({ err: error, path: req.originalUrl }, 'media stream failed')
      })
    } catch (error) {
      next(error)
    }
  })
  return router
}

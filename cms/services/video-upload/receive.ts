// The multipart body of POST /api/videos/upload, read as it arrives: the video part streams
// straight to a temporary file (backpressure from the disk pauses the socket, so memory stays flat
// whatever the size), its first bytes are checked for a video container before anything else is
// written, and the 500MB cap is enforced while it streams. Any failure removes the partial file.
import fs from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import busboy from 'busboy'

import {
  IMAGE_TOO_LARGE,
  INVALID_FILE_TYPE,
  THUMBNAIL_TOO_LARGE_DESCRIPTION,
  VIDEO_FILE_TOO_LARGE_DESCRIPTION,
  VIDEO_FILE_TYPE_DESCRIPTION,
  FILE_TOO_LARGE,
} from '../../../shared/messages'
import { CONTAINER_SNIFF_BYTES, detectVideoContainer, THUMBNAIL_MAX_BYTES, type VideoContainer } from '../../../shared/video-upload'
import { ServiceError } from '../errors'
import { newInFlightFile, removeFile } from './storage'

export type ReceivedVideo = { file: string; container: VideoContainer; size: number; fileName: string }
export type ReceivedUpload = { fields: Record<string, string>; video: ReceivedVideo | null; thumbnail: Buffer | null }

/** The client went away mid-upload: nothing to answer, nothing kept. */
export class UploadAborted extends Error {
  constructor() {
    super('upload aborted')
  }
}

export const videoTooLarge = () => new ServiceError(VIDEO_FILE_TOO_LARGE_DESCRIPTION, 413, { title: FILE_TOO_LARGE })
export const notAVideo = () => new ServiceError(VIDEO_FILE_TYPE_DESCRIPTION, 400, { title: INVALID_FILE_TYPE })
export const thumbnailTooLarge = () => new ServiceError(THUMBNAIL_TOO_LARGE_DESCRIPTION, 413, { title: IMAGE_TOO_LARGE })

/** Passes bytes through once the first CONTAINER_SNIFF_BYTES name a video container. */
class ContainerCheck extends Transform {
  head = Buffer.alloc(0)
  container: VideoContainer | null = null
  size = 0
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length
    if (this.container) return done(null, chunk)
    this.head = Buffer.concat([this.head, chunk])
    if (this.head.length < CONTAINER_SNIFF_BYTES) return done()
    this.container = detectVideoContainer(this.head)
    if (!this.container) return done(notAVideo())
    const head = this.head
    this.head = Buffer.alloc(0)
    done(null, head)
  }
  override _flush(done: TransformCallback) {
    // A file shorter than the check is no video of ours.
    if (!this.container) return done(notAVideo())
    done()
  }
}

const FIELD_LIMITS = { fields: 20, fieldSize: 64 * 1024, parts: 24, files: 2 }

/**
 * Reads the whole multipart body. Resolves with the fields, the video as a temporary file (the
 * caller moves or removes it) and the thumbnail's bytes; rejects with a ServiceError (400/413) or
 * UploadAborted, having removed every partial file.
 */
export async function receiveMultipartUpload(req: IncomingMessage, { maxVideoBytes }: { maxVideoBytes: number }): Promise<ReceivedUpload> {
  const tempFile = await newInFlightFile()
  return new Promise<ReceivedUpload>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { ...FIELD_LIMITS, fileSize: maxVideoBytes } })
    } catch {
      return reject(new ServiceError('Expected a multipart/form-data body.', 400))
    }
    const fields: Record<string, string> = {}
    let video: ReceivedVideo | null = null
    let thumbnail: Buffer | null = null
    let videoWrite: Promise<void> | null = null
    let output: fs.WriteStream | null = null
    let settled = false

    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      req.unpipe(parser)
      parser.removeAllListeners()
      parser.on('error', () => undefined)
      output?.destroy()
      void removeFile(tempFile).then(() => reject(error))
    }
    const onAborted = () => fail(new UploadAborted())
    req.once('aborted', onAborted)
    req.once('close', () => {
      if (!req.complete) onAborted()
    })
    req.once('error', onAborted)

    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      if (name === 'video' && !videoWrite && info.filename) {
        const check = new ContainerCheck()
        // busboy truncates the part at fileSize and says so: over the cap, refused while streaming.
        stream.once('limit', () => fail(videoTooLarge()))
        output = fs.createWriteStream(tempFile, { flags: 'wx' })
        videoWrite = pipeline(stream, check, output).then(() => {
          if (check.container) video = { file: tempFile, container: check.container, size: check.size, fileName: info.filename ?? '' }
        })
        videoWrite.catch(fail)
        return
      }
      if (name === 'thumbnail' && !thumbnail && info.filename) {
        const chunks: Buffer[] = []
        let size = 0
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > THUMBNAIL_MAX_BYTES) return fail(thumbnailTooLarge())
          chunks.push(chunk)
        })
        stream.once('end', () => {
          if (size > 0 && size <= THUMBNAIL_MAX_BYTES) thumbnail = Buffer.concat(chunks, size)
        })
        return
      }
      // Any other part (or an empty file input) is read and dropped.
      stream.resume()
    })
    parser.once('error', () => fail(new ServiceError('The upload could not be read.', 400)))
    parser.once('close', () => {
      void (videoWrite ?? Promise.resolve())
        .then(() => {
          if (settled) return
          settled = true
          if (!video) void removeFile(tempFile)
          resolve({ fields, video, thumbnail })
        })
        .catch(fail)
    })
    req.pipe(parser)
  })
}

/**
 * A small multipart body (a thumbnail, a caption file): its fields and the one file part
 * `fileField`, held in memory up to `maxBytes` (a larger part is refused with `tooLarge` at once).
 */
export function receiveSmallMultipart(req: IncomingMessage, { fileField, maxBytes, tooLarge }: { fileField: string; maxBytes: number; tooLarge: () => Error }): Promise<{ fields: Record<string, string>; file: Buffer | null }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { fields: 10, fieldSize: 4 * 1024, parts: 12, files: 1, fileSize: maxBytes } })
    } catch {
      return reject(new ServiceError('Expected a multipart/form-data body.', 400))
    }
    const fields: Record<string, string> = {}
    let file: Buffer | null = null
    let settled = false
    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      req.unpipe(parser)
      parser.removeAllListeners()
      parser.on('error', () => undefined)
      reject(error)
    }
    req.once('aborted', () => fail(new UploadAborted()))
    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      if (name !== fileField || file || !info.filename) return void stream.resume()
      const chunks: Buffer[] = []
      stream.once('limit', () => fail(tooLarge()))
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.once('end', () => {
        if (!settled) file = Buffer.concat(chunks)
      })
    })
    parser.once('error', () => fail(new ServiceError('The upload could not be read.', 400)))
    parser.once('close', () => {
      if (settled) return
      settled = true
      resolve({ fields, file })
    })
    req.pipe(parser)
  })
}

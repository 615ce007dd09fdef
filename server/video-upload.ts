// The two video-upload doors, as Express routes under the site's /api path, mounted before the
// body-limit guard (server/body-limit.ts reads every other body into memory, and Astro's
// endpoints receive a body already read): POST /api/videos/upload streams its multipart body to
// disk as it arrives, and /api/videos/tus/* speaks the tus protocol for resumable uploads. Each is
// thin: cross-site check, the admin from the session, then the video-upload service.
import type { Request, RequestHandler, Response } from 'express'
import express from 'express'
import type { Payload } from 'payload'
import { APIError } from 'payload'

import { NO_VIDEO_FILE_SELECTED } from '../shared/messages'
import {
  CAPTION_MAX_BYTES,
  CAPTION_TOO_LARGE,
  captionFieldsSchema,
  captionLanguageSchema,
  MANUAL_VIDEO_ID_PATTERN,
  THUMBNAIL_MAX_BYTES,
  thumbnailFrameSchema,
  TUS_ENDPOINT,
  UPLOAD_ENDPOINT,
  videoUploadFieldsSchema,
} from '../shared/video-upload'
import { createUploadedVideo, receiveMultipartUpload, UploadAborted, videoTooLarge, videoUploadMaxBytes } from '../cms/services/video-upload'
import { addCaption, removeCaption } from '../cms/services/video-upload/captions-store'
import { receiveSmallMultipart, thumbnailTooLarge } from '../cms/services/video-upload/receive'
import { replaceVideoFile } from '../cms/services/video-upload/replace'
import { replaceThumbnail } from '../cms/services/video-upload/thumbnail'
import { ServiceError } from '../cms/services/errors'
import { removeFile } from '../cms/services/video-upload/storage'
import { createTusServer, takeTusUpload } from '../cms/services/video-upload/tus'
import { logger } from './logger'
import { requestSessionUser } from './request-user'

/** Room for the form fields and multipart framing around the two files. */
const FRAMING_BYTES = 1024 * 1024
/** After refusing a body mid-stream: how much more is read and dropped, and how long the socket stays open (as in body-limit.ts). */
const LINGER_BYTES = 16 * 1024 * 1024
const LINGER_MS = 2000

/** Cookie-authenticated writes only from our own pages (the same rule as site/middleware.ts). */
function isCrossSite(req: Request): boolean {
  const fetchSite = req.headers['sec-fetch-site']
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true
  const origin = req.headers.origin
  if (!origin) return false
  const host = req.headers['x-forwarded-host'] ?? req.headers.host
  try {
    return new URL(origin).host !== host
  } catch {
    return true
  }
}

/** Answers `{ error }` and, if the body is still arriving, drops a little more of it and closes the connection. */
function refuse(req: Request, res: Response, status: number, body: Record<string, unknown>) {
  const bodyLeft = !req.complete
  if (bodyLeft) res.set('connection', 'close')
  if (!res.headersSent) res.status(status).set('cache-control', 'no-store').json(body)
  if (!bodyLeft) return
  res.once('finish', () => {
    let dropped = 0
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS)
    timer.unref()
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length
      if (dropped > LINGER_BYTES) req.socket.destroy()
    })
    req.once('end', () => clearTimeout(timer))
    req.resume()
  })
}

async function adminOrRefuse(payload: Payload, req: Request, res: Response) {
  if (isCrossSite(req)) return void refuse(req, res, 403, { error: 'Cross-site requests are not allowed.' })
  const user = await requestSessionUser(payload, req)
  if (!user) return void refuse(req, res, 401, { error: 'Please sign in first.' })
  if (!user.isAdmin) {
    logger.warn({ event: 'upload_refused', userId: user.id, ip: req.ip }, 'video upload refused: not an admin')
    return void refuse(req, res, 403, { error: 'Only admins can upload videos.' })
  }
  return user
}

export function createVideoUploadRouter(payload: Payload) {
  const router = express.Router()
  const tus = createTusServer(payload)

  const upload: RequestHandler = async (req, res, next) => {
    let tempFile: string | null = null
    try {
      const user = await adminOrRefuse(payload, req, res)
      if (!user) return
      if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) return refuse(req, res, 400, { error: NO_VIDEO_FILE_SELECTED })
      const maxVideoBytes = videoUploadMaxBytes()
      const declared = Number(req.headers['content-length'] ?? 0)
      if (declared > maxVideoBytes + THUMBNAIL_MAX_BYTES + FRAMING_BYTES) {
        const error = videoTooLarge()
        return refuse(req, res, 413, { error: error.message, ...error.data })
      }
      const received = await receiveMultipartUpload(req, { maxVideoBytes })
      tempFile = received.video?.file ?? null
      const parsed = videoUploadFieldsSchema.safeParse(received.fields)
      if (!parsed.success) return refuse(req, res, 400, { error: parsed.error.issues[0]?.message ?? 'Invalid upload.' })
      const fields = parsed.data
      if (!received.video && !fields.tusUploadId) return refuse(req, res, 400, { error: NO_VIDEO_FILE_SELECTED })
      const video = received.video ?? (await takeTusUpload(payload, tus, fields.tusUploadId!, user))
      tempFile = video.file
      const created = await createUploadedVideo(payload, { user, fields, video, thumbnail: received.thumbnail })
      tempFile = null
      res.status(201).set('cache-control', 'no-store').json(created)
    } catch (error) {
      if (error instanceof UploadAborted) {
        logger.info({ event: 'upload_aborted', ip: req.ip }, 'video upload aborted by the client')
        return
      }
      if (error instanceof APIError && error.status < 500) {
        return refuse(req, res, error.status, { error: error.message, ...((error.data as Record<string, unknown> | undefined) ?? {}) })
      }
      next(error)
    } finally {
      await removeFile(tempFile)
    }
  }

  /** Answers a service's refusal as `{ error }` with its status; anything else is the server's fault. */
  const answerError = (req: Request, res: Response, next: (err?: unknown) => void, error: unknown) => {
    if (error instanceof UploadAborted) return
    if (error instanceof APIError && error.status < 500) return refuse(req, res, error.status, { error: error.message, ...((error.data as Record<string, unknown> | undefined) ?? {}) })
    next(error)
  }
  /** An admin-only door on one uploaded video (`:videoId` a manual_… id); `work` answers. */
  const onVideo =
    (work: (req: Request, res: Response, user: NonNullable<Awaited<ReturnType<typeof adminOrRefuse>>>, videoId: string) => Promise<void>): RequestHandler =>
    async (req, res, next) => {
      try {
        const user = await adminOrRefuse(payload, req, res)
        if (!user) return
        const videoId = String(req.params.videoId ?? '')
        if (!MANUAL_VIDEO_ID_PATTERN.test(videoId)) return refuse(req, res, 404, { error: 'No uploaded video with this id.' })
        await work(req, res, user, videoId)
      } catch (error) {
        answerError(req, res, next, error)
      }
    }
  const multipartOnly = (req: Request) => {
    if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) throw new ServiceError('Send the file as multipart/form-data.', 400)
  }
  const done = (res: Response, body: unknown, status = 200) => void res.status(status).set('cache-control', 'no-store').json(body)

  // Replace the thumbnail: an image (`thumbnail`) or one of the transcode's stills (`frame`).
  router.post(
    '/api/videos/:videoId/thumbnail',
    onVideo(async (req, res, user, videoId) => {
      multipartOnly(req)
      const { fields, file } = await receiveSmallMultipart(req, { fileField: 'thumbnail', maxBytes: THUMBNAIL_MAX_BYTES, tooLarge: thumbnailTooLarge })
      const frame = file ? null : thumbnailFrameSchema.safeParse(fields)
      if (frame && !frame.success) return refuse(req, res, 400, { error: 'Choose an image or one of the saved frames.' })
      const thumbnailUrl = await replaceThumbnail(payload, { user, videoId, image: file, frame: frame?.data.frame ?? null })
      done(res, { thumbnailUrl })
    }),
  )
  // Captions: add (or replace) one language's WebVTT track, or remove it.
  router.post(
    '/api/videos/:videoId/captions',
    onVideo(async (req, res, user, videoId) => {
      multipartOnly(req)
      const { fields, file } = await receiveSmallMultipart(req, { fileField: 'file', maxBytes: CAPTION_MAX_BYTES, tooLarge: () => new ServiceError(CAPTION_TOO_LARGE, 413) })
      const parsed = captionFieldsSchema.safeParse(fields)
      if (!parsed.success) return refuse(req, res, 400, { error: parsed.error.issues[0]?.message ?? 'Invalid captions.' })
      if (!file) return refuse(req, res, 400, { error: 'Choose a WebVTT (.vtt) file.' })
      done(res, { captions: await addCaption(payload, { user, videoId, ...parsed.data, bytes: file }) }, 201)
    }),
  )
  router.delete(
    '/api/videos/:videoId/captions/:language',
    onVideo(async (req, res, user, videoId) => {
      const language = captionLanguageSchema.safeParse(req.params.language)
      if (!language.success) return refuse(req, res, 404, { error: 'This video has no captions in that language.' })
      done(res, { captions: await removeCaption(payload, { user, videoId, language: language.data }) })
    }),
  )
  // Replace the file: a new `video` part, or a finished resumable upload (`tusUploadId`).
  router.post(
    '/api/videos/:videoId/file',
    onVideo(async (req, res, user, videoId) => {
      multipartOnly(req)
      const received = await receiveMultipartUpload(req, { maxVideoBytes: videoUploadMaxBytes() })
      let file = received.video?.file ?? null
      try {
        const tusUploadId = videoUploadFieldsSchema.shape.tusUploadId.safeParse(received.fields.tusUploadId)
        if (!received.video && !(tusUploadId.success && tusUploadId.data)) return refuse(req, res, 400, { error: NO_VIDEO_FILE_SELECTED })
        const video = received.video ?? (await takeTusUpload(payload, tus, tusUploadId.data!, user))
        file = video.file
        const result = await replaceVideoFile(payload, { user, videoId, video })
        file = null
        done(res, result, 202)
      } finally {
        await removeFile(file)
      }
    }),
  )

  router.post(UPLOAD_ENDPOINT, upload)
  const resumable: RequestHandler = (req, res, next) => {
    if (isCrossSite(req)) return refuse(req, res, 403, { error: 'Cross-site requests are not allowed.' })
    tus.handle(req, res).catch(next)
  }
  router.all([TUS_ENDPOINT, `${TUS_ENDPOINT}/{*id}`], resumable)
  return router
}

import { IncomingMessage } from 'node:http'

import type { Request, RequestHandler, Response } from 'express'
import type { Payload } from 'payload'

import { logger } from './logger'
import { requestSessionUser } from './request-user'

const KB = 1024
const MB = 1024 * KB

const envBytes = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback
}

/** Route limits, in bytes (README: Configuration). */
export const bodyLimits = {
  /** Every body not named below: the site's JSON API, form posts, anyone's /cms requests. */
  default: 64 * KB,
  /** POST /api/profile/picture: a 5 MB picture and its multipart framing. */
  profilePicture: 5 * MB + 64 * KB,
  /** Admins' /cms requests: the editor's form state and long posts. */
  admin: envBytes('CMS_BODY_LIMIT_BYTES', 4 * MB),
  /** Admins' uploads to the media collection through /cms. */
  adminUpload: envBytes('MEDIA_UPLOAD_LIMIT_BYTES', 25 * MB),
}

const TOO_LARGE = 'Request body is too large.'
/**
 * After a 413, how much of the refused body is still read (and thrown away), and how long the
 * connection stays open, so the client gets to read the answer before it closes (closing on
 * unread data resets the connection, and a busy client may see only the reset).
 */
const LINGER_BYTES = 16 * MB
const LINGER_MS = 2000

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const MEDIA_UPLOAD = /^\/cms\/api\/media(?:\/[^/]+)?\/?$/

type Limit = { bytes: number; nextJs: boolean }

/**
 * Every request body is read here, on every route, and cut off at its route's limit while it
 * streams in: a Content-Length over the limit is refused before a byte is read, and a chunked
 * body is refused the moment it passes the limit, with 413 and the connection closed. Whatever
 * fits is handed on: to Astro as `req.body`, to Next.js as a fresh request carrying the bytes.
 * The larger limits of /cms apply only to admins, known from the session before the body is read.
 */
export function limitRequestBodies(payload: Payload): RequestHandler {
  return async (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || !hasBody(req)) {
      // Nobody reads a GET body; Node discards it. A declared huge one is still refused.
      if (declaredLength(req) > bodyLimits.default) return tooLarge(req, res)
      return next()
    }
    try {
      const limit = await limitFor(payload, req)
      if (declaredLength(req) > limit.bytes) return tooLarge(req, res)
      const body = await readBounded(req, limit.bytes)
      if (body === 'aborted') return
      if (body === 'too-large') return tooLarge(req, res)
      if (limit.nextJs) {
        ;(req as Request & { bodyReplay?: IncomingMessage }).bodyReplay = replayRequest(req, body)
        ;(req as Request & { bodyBytes?: Buffer }).bodyBytes = body
      } else {
        ;(req as Request & { body?: Buffer }).body = body
      }
      next()
    } catch (error) {
      next(error)
    }
  }
}

/** The body read here for Next.js, for the guards in front of it to inspect (empty if none). */
export const bodyBytesForNext = (req: Request): Buffer => (req as Request & { bodyBytes?: Buffer }).bodyBytes ?? Buffer.alloc(0)

/** The request Next.js should read: the original, or the replay of a body read here. */
export const requestForNext = (req: Request): Request => ((req as Request & { bodyReplay?: Request }).bodyReplay ?? req)

const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || declaredLength(req) > 0

function declaredLength(req: Request): number {
  const header = req.headers['content-length']
  if (header === undefined) return 0
  const length = Number(header)
  return Number.isFinite(length) ? length : Number.POSITIVE_INFINITY
}

async function limitFor(payload: Payload, req: Request): Promise<Limit> {
  const path = req.path
  const nextJs = path === '/cms' || path.startsWith('/cms/') || path.startsWith('/_next/')
  if (!nextJs) {
    return { bytes: path === '/api/profile/picture' ? bodyLimits.profilePicture : bodyLimits.default, nextJs }
  }
  if (!(await isAdmin(payload, req))) return { bytes: bodyLimits.default, nextJs }
  return { bytes: MEDIA_UPLOAD.test(path) ? bodyLimits.adminUpload : bodyLimits.admin, nextJs }
}

async function isAdmin(payload: Payload, req: Request): Promise<boolean> {
  return (await requestSessionUser(payload, req))?.isAdmin === true
}

function readBounded(req: Request, limit: number): Promise<Buffer | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = (result: Buffer | 'too-large' | 'aborted') => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('aborted', onError)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        chunks.length = 0
        req.pause()
        return done('too-large')
      }
      chunks.push(chunk)
    }
    const onEnd = () => done(Buffer.concat(chunks, size))
    const onError = () => done('aborted')
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('aborted', onError)
  })
}

function tooLarge(req: Request, res: Response) {
  logger.warn({ event: 'body_too_large', method: req.method, path: req.path, declared: req.headers['content-length'] ?? 'chunked' }, 'request body refused: too large')
  const finish = () => {
    // The rest of the body is never read: discard a little more (a client that sends its whole
    // body before reading the answer gets to read it), then stop reading — the client's writes
    // back up while it reads the answer — and close the connection when the time is up.
    let discarded = 0
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS)
    timer.unref()
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length
      if (discarded > LINGER_BYTES) req.pause()
    })
    req.once('end', () => clearTimeout(timer))
    req.resume()
  }
  if (res.headersSent) return finish()
  const body = req.path.startsWith('/cms') ? { errors: [{ message: TOO_LARGE }], error: TOO_LARGE } : { error: TOO_LARGE }
  res.status(413).json(body)
  res.once('finish', finish)
}

/**
 * A new IncomingMessage on the same connection, with the same method, URL and headers, whose
 * body is the bytes read here (Next.js reads the body of the request object it is given, which
 * must not have been read before).
 */
function replayRequest(req: Request, body: Buffer): IncomingMessage {
  const replay = new IncomingMessage(req.socket)
  replay.method = req.method
  replay.url = req.originalUrl
  replay.httpVersion = req.httpVersion
  replay.httpVersionMajor = req.httpVersionMajor
  replay.httpVersionMinor = req.httpVersionMinor
  const headers = { ...req.headers, 'content-length': String(body.length) }
  delete headers['transfer-encoding']
  replay.headers = headers
  replay.rawHeaders = Object.entries(headers).flatMap(([name, value]) =>
    Array.isArray(value) ? value.flatMap((v) => [name, v]) : value === undefined ? [] : [name, String(value)],
  )
  if (body.length > 0) replay.push(body)
  replay.push(null)
  replay.complete = true
  return replay
}

import { stat } from 'node:fs/promises'
import path from 'node:path'

import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import type { Payload } from 'payload'

import { logger } from './logger'
import { createMediaRouter } from './media'
import { createPageCache } from './page-cache'
import { securityHeaders } from './security-headers'
import { hit, rules, tooManyAttemptsMessage } from '../cms/services/rate-limit'

type AstroHandler = (req: Request, res: Response, next?: NextFunction, locals?: object) => void
type NextHandler = (req: Request, res: Response) => Promise<void>

export type AppParts = { payload: Payload; nextHandler: NextHandler; astroHandler: AstroHandler; siteDir: string }

/** One Express app: /cms → Next.js (Payload admin + REST), built assets, then Astro for everything else. */
export function createApp({ payload, nextHandler, astroHandler, siteDir }: AppParts) {
  const app = express()
  app.disable('x-powered-by')
  if (process.env.TRUST_PROXY === 'true') app.set('trust proxy', true)

  app.use(requestLog)
  app.use(securityHeaders)
  app.use(compression({ threshold: 1024 }))

  app.get('/healthz', async (_req, res) => {
    try {
      await payload.db.drizzle.execute('select 1')
      res.json({ status: 'ok', database: 'ok' })
    } catch (error) {
      logger.error({ err: error }, 'health check: database unreachable')
      res.status(503).json({ status: 'error', database: 'unreachable' })
    }
  })

  // Payload's own login is a second door to the same accounts: same per-IP limit as /api/auth/login.
  app.post('/cms/api/users/login', (req, res, next) => {
    const result = hit(rules.login, req.ip ?? 'unknown')
    if (result.allowed) return next()
    res.set('retry-after', String(result.retryAfterSeconds))
    res.status(429).json({ errors: [{ message: tooManyAttemptsMessage(result.retryAfterSeconds) }], error: tooManyAttemptsMessage(result.retryAfterSeconds) })
  })
  // Email verification is not used (members verify their age instead); Payload's route would 500.
  app.all('/cms/api/users/verify/{*rest}', (_req, res) => void res.status(404).json({ error: 'Not found.' }))
  // Payload's file handler answers 500 for a media file that is not on disk: a missing file is a 404.
  const mediaDir = payload.collections.media?.config.upload.staticDir
  app.get('/cms/api/media/file/:filename', async (req, res, next) => {
    const name = String(req.params.filename)
    const safe = mediaDir && !/[/\\\0]/.test(name) && !name.startsWith('.')
    // Asynchronous: pictures are requested on most pages, the event loop must not wait on the disk.
    const found = safe ? await stat(path.join(mediaDir, name)).then((s) => s.isFile(), () => false) : false
    if (found) return next()
    res.status(404).json({ errors: [{ message: 'Not found.' }], error: 'Not found.' })
  })
  app.all(['/cms', '/cms/{*rest}', '/_next/{*rest}', '/__nextjs{*rest}'], (req, res) => void nextHandler(req, res))

  // Astro's hashed client assets never change under the same name.
  app.use('/_astro', express.static(path.join(siteDir, 'client/_astro'), { immutable: true, maxAge: '1y', index: false }))
  // Public files all have an extension; page URLs skip the disk lookup.
  const publicFiles = express.static(path.join(siteDir, 'client'), { maxAge: '1h', index: false })
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
  // Self-hosted media: posters and video files, with Range requests and the premium check (server/media.ts).
  app.use('/media', createMediaRouter({ payload }))
  app.use(createPageCache())
  // Without `next`, Astro answers unmatched paths itself with the site's 404 page.
  app.use((req, res) => astroHandler(req, res))

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err: error, path: req.path }, 'unhandled error')
    if (res.headersSent) return res.end()
    res.status(500).json({ error: 'Something went wrong on our side. Please try again.' })
  })
  return app
}

function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint()
  res.on('finish', () => {
    if (req.path.startsWith('/_astro') || req.path.startsWith('/_next/static')) return
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'
    logger[level]({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10, ip: req.ip }, 'request')
  })
  next()
}

import path from 'node:path'

import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import type { Payload } from 'payload'

import { logRequest } from './logger'
import { nextEarlyAccessOpening } from '../cms/services/premium-gate/cache'
import { createMediaRouter } from './media'
import { liveEvents } from './live-events'
import { createLiveHlsRouter } from './live-hls'
import { createVideoUploadRouter } from './video-upload'
import { createPageCache } from './page-cache'
import { createHttpCaching } from './http-caching'
import { createMemberPageCache } from './member-page-cache'
import { createApiFastPath } from './api-fast-path'
import { securityHeaders } from './security-headers'
import { limitRequestBodies, requestForNext } from './body-limit'
import { trustProxySetting } from './client-ip'
import { plainPaths } from './canonical-path'
import { sessionsNeedTheDatabase } from './database-away'
import { authGuards } from './guards/auth'
import { cmsApiGuards } from './guards/cms-api'
import { cmsRequestGuard } from './guards/cms-params'
import { handleUnexpectedError } from './error-page'
import { healthCheck } from './health'
import { sessionOnReads } from './session-reads'
import { recordPageViews, siteLocalsOf } from './page-views'
import { createPageViewRecorder } from '../cms/services/analytics/recorder'
import { sharedPageViewLimiter } from '../cms/services/analytics/shared-view-limit'

type AstroHandler = (req: Request, res: Response, next?: NextFunction, locals?: object) => void
type NextHandler = (req: Request, res: Response) => Promise<void>

export type AppParts = { payload: Payload; nextHandler: NextHandler; astroHandler: AstroHandler; siteDir: string }

/** One Express app: /cms → Next.js (Payload admin + REST), built assets, then Astro for everything else. */
export function createApp({ payload, nextHandler, astroHandler, siteDir }: AppParts) {
  const app = express()
  app.disable('x-powered-by')
  // req.ip is the client's address as the trusted proxy saw it (server/client-ip.ts), for Express
  // and, through locals, for the site's endpoints alike.
  app.set('trust proxy', trustProxySetting())

  app.use(requestLog)
  // Before any router or guard: each path has one spelling, the one the guards match (server/canonical-path.ts).
  app.use(plainPaths)
  app.use(refuseUnknownMethods)
  app.use(securityHeaders)
  // Live streams' HLS, gated on every request (server/live-hls.ts): hundreds of players ask every
  // second, so before the layers it has no use for (compression of video, bodies, /cms guards).
  app.use('/live-hls', createLiveHlsRouter({ payload }))
  app.use(compression({ threshold: 1024 }))
  app.use(sessionOnReads)
  // Video uploads stream their bodies to disk (up to 500MB): before the body-limit guard, which
  // reads every other body into memory (server/video-upload.ts).
  app.use(createVideoUploadRouter(payload))
  app.use(limitRequestBodies(payload))

  app.get('/healthz', healthCheck(payload))

  app.use(sessionsNeedTheDatabase(payload))
  app.use(authGuards(payload))
  app.use(cmsApiGuards(payload))
  // Ids, counts, filters and bodies Payload would pass to PostgreSQL unchecked (a 500): 4xx here.
  app.use(cmsRequestGuard(payload))
  app.get('/api/live-streams/:id/events', liveEvents(payload))
  app.all(['/cms', '/cms/{*rest}', '/_next/{*rest}', '/__nextjs{*rest}'], (req, res) => void nextHandler(requestForNext(req), res))

  // Astro's hashed client assets never change under the same name.
  app.use('/_astro', express.static(path.join(siteDir, 'client/_astro'), { immutable: true, maxAge: '1y', index: false }))
  // Public files all have an extension; page URLs skip the disk lookup.
  const publicFiles = express.static(path.join(siteDir, 'client'), { maxAge: '1h', index: false })
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
  // Self-hosted media: posters and video files, with Range requests and the premium check (server/media.ts).
  app.use('/media', createMediaRouter({ payload }))
  app.use(pageMethods)
  // Page views (cms/services/analytics), before the page cache so cached pages count too.
  app.use(recordPageViews(createPageViewRecorder(payload), sharedPageViewLimiter(payload)))
  // Cache-Control, ETag and 304s for shared caches in front (a CDN, deploy/nginx.conf): visitors'
  // pages public for PAGE_CACHE_SECONDS, everything else private. Outside the page cache, so a
  // kept page is revalidated like a rendered one.
  app.use(createHttpCaching(undefined, { nextChange: () => nextEarlyAccessOpening(payload) }))
  // No visitor page outlives the next early-access opening (the premium gate).
  app.use(createPageCache(undefined, { nextChange: () => nextEarlyAccessOpening(payload) }))
  // Members get the page their audience shares, with their own parts rendered for them.
  app.use(createMemberPageCache(payload, undefined, { nextChange: () => nextEarlyAccessOpening(payload) }))
  // The JSON API's public reads and /api/auth/me: Astro's endpoint code and answers without its per-request pipeline.
  app.use(createApiFastPath())
  // Without `next`, Astro answers unmatched paths itself with the site's 404 page.
  // The locals object stays reachable from `res`: the page-view recorder reads the member Astro resolved.
  app.use((req, res) => astroHandler(req, res, undefined, Object.assign(siteLocalsOf(res), { clientAddress: req.ip })))

  // An HTML error page for browsers, `{ error }` for API clients; 503 while the database is away.
  app.use(handleUnexpectedError)
  return app
}

function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint()
  // Read now: a router mounted on a prefix (/media) strips it from req.path until it is done.
  const path = req.path
  res.on('finish', () => {
    if (path.startsWith('/_astro') || path.startsWith('/_next/static')) return
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    logRequest({ method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10, ip: req.ip })
  })
  next()
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** TRACE, CONNECT and invented methods: nothing here answers them. */
function refuseUnknownMethods(req: Request, res: Response, next: NextFunction) {
  if (KNOWN_METHODS.has(req.method)) return next()
  res.set('allow', [...KNOWN_METHODS].join(', '))
  res.status(405).json({ error: 'Method not allowed.' })
}

const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST'])

/**
 * Pages are read (GET, HEAD) or take their own forms' posts; Astro would render a page for a
 * DELETE too. Paths are plain by now (no `/api/x/%2e%2e/%2e%2e` for `/`): as Astro routes them.
 */
function pageMethods(req: Request, res: Response, next: NextFunction) {
  if (PAGE_METHODS.has(req.method)) return next()
  if (req.path.startsWith('/api/')) return next()
  res.set('allow', [...PAGE_METHODS].join(', '))
  res.status(405).json({ error: 'Method not allowed.' })
}

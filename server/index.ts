import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { buildPaths } from './build-paths'
import { prepareEnvironment, ROOT } from './environment'
import { logger, routeConsoleThroughLogger, withRequestContext } from './logger'

/**
 * The production server: embedded PostgreSQL (unless DATABASE_URL), Payload with migrations
 * and first-start seed, the Next.js admin, Astro, one port. Stops cleanly on SIGTERM/SIGINT.
 */
async function main() {
  // Astro and Next.js print failed renders with console.error: scrubbed and limited like the rest.
  routeConsoleThroughLogger()
  const env = await prepareEnvironment()
  let stopping = false
  let httpServer: http.Server | undefined
  let payload: import('payload').Payload | undefined
  let rtmpIngest: import('../cms/services/live/ingest/server').RtmpIngest | null = null
  let stopLiveMonitor: (() => void) | undefined

  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    const closed = new Promise<void>((resolve) => (httpServer ? httpServer.close(() => resolve()) : resolve()))
    httpServer?.closeIdleConnections()
    await closed
    // OBS connections wind up (recordings closed, grace periods queued) while the pool is open.
    stopLiveMonitor?.()
    await rtmpIngest?.close()
    // Page views still buffered (cms/services/analytics) are written while the pool is open.
    const { stopAnalyticsRecorders } = await import('../cms/services/analytics/recorder')
    await stopAnalyticsRecorders()
    const { closePayload } = await import('./payload')
    await closePayload(payload)
    await env.embedded?.stop().catch((err) => logger.error({ err }, 'stopping PostgreSQL failed'))
    logger.info('stopped')
    process.exit(0)
  }
  // Stop in order on a signal: HTTP, the pool, then PostgreSQL (see loadEmbeddedPostgres).
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  try {
    // A half-set or non-PayPal PayPal configuration stops the start with its reason (README: Premium and PayPal).
    const { paypalConfig } = await import('../cms/services/paypal/config')
    paypalConfig()
    // Likewise a YouTube API base that is not Google's (README: YouTube import).
    const { youtubeConfig } = await import('../cms/services/youtube/config')
    youtubeConfig()
    const { initPayload } = await import('./payload')
    payload = await initPayload({ runJobs: true })

    // The admin's Next.js host loads on the first /cms request, not at start: a server nobody
    // edits on never holds it (memory), and its global patches (Date, fetch) stay off the site's
    // requests until then.
    const nextHandler = lazyNextHandler()

    const build = buildPaths(ROOT)
    const entry = pathToFileURL(path.join(build.siteDir, 'server/entry.mjs')).href
    const { handler: astroHandler } = await import(entry)

    const { createApp } = await import('./app')
    const app = createApp({ payload, nextHandler, astroHandler, siteDir: build.siteDir })
    // Every log line a request causes, Payload's included, knows its method and path.
    httpServer = http.createServer((req, res) => withRequestContext({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]! }, () => app(req, res)))
    httpServer.listen(env.port, () => {
      logger.info({ port: env.port, url: `http://localhost:${env.port}` }, 'site is up')
    })
    httpServer.on('error', (err) => {
      logger.error({ err }, 'HTTP server error')
      void shutdown('error')
    })

    // Live streams from OBS (cms/services/live/README.md): RTMP on its own port; a port clash is
    // logged and the site runs on without it. Viewer counts and lost publishers are looked after
    // by every process.
    const { startRtmpIngest } = await import('../cms/services/live/ingest/server')
    const { startLiveMonitor } = await import('../cms/services/live/viewers')
    rtmpIngest = await startRtmpIngest(payload)
    stopLiveMonitor = startLiveMonitor(payload)
  } catch (err) {
    logger.error({ err }, 'start-up failed')
    await env.embedded?.stop().catch(() => undefined)
    process.exit(1)
  }
}

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>

/** Next.js prepared once, when the first request needs it; a failed start is tried again by the next request. */
function lazyNextHandler(): NodeHandler {
  let loading: Promise<NodeHandler> | undefined
  const load = async (): Promise<NodeHandler> => {
    const started = performance.now()
    const { default: next } = await import('next')
    // next.config.mjs picks the build folder from BUILD_NAME, as at build time.
    const nextApp = next({ dev: false, dir: path.join(ROOT, 'cms'), quiet: true })
    await nextApp.prepare()
    logger.info({ ms: Math.round(performance.now() - started) }, 'admin (Next.js) loaded')
    return nextApp.getRequestHandler()
  }
  return async (req, res) => {
    try {
      const handler = await (loading ??= load())
      await handler(req, res)
    } catch (err) {
      if (loading && (await loading.then(() => false, () => true))) loading = undefined
      logger.error({ err }, 'the admin could not answer')
      if (!res.headersSent) {
        res.statusCode = 503
        res.setHeader('content-type', 'application/json; charset=utf-8')
        res.end(JSON.stringify({ error: 'The editor is starting or unavailable. Try again in a moment.' }))
      }
    }
  }
}

void main()

import type { NextFunction, Request, Response } from 'express'

import { SITE_NAME } from '../shared/constants'
import { logger } from './logger'

import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../cms/services/db/unavailable'

export { isDatabaseUnavailable }

/** The status an unexpected error answers with: its own 4xx (a body parser's 400 or 413), 503 when the database is away, else 500. */
export function errorStatus(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown }
  const own = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : undefined
  if (own && own >= 400 && own < 500) return own
  return isDatabaseUnavailable(error) ? 503 : 500
}

export const ERROR_COPY = {
  500: { title: 'Something Went Wrong', text: 'Something went wrong on our side. Please try again.' },
  503: { title: 'Temporarily Unavailable', text: DATABASE_UNAVAILABLE_MESSAGE },
} as const

const copyFor = (status: number) => (status === 503 ? ERROR_COPY[503] : status >= 500 ? ERROR_COPY[500] : { title: 'Request Refused', text: 'This request could not be handled.' })

const wantsJson = (req: Request) =>
  req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/cms/api') || req.path.startsWith('/media/') || !req.accepts('html')

/** A plain page with no database behind it, for failures before or outside Astro's own 500 page. */
export function errorPageHtml(status: number) {
  const { title, text } = copyFor(status)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | ${SITE_NAME}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;min-height:100vh;place-items:center;background:#fff;color:#111}main{max-width:36rem;padding:2rem;text-align:center}a{color:inherit}@media (prefers-color-scheme:dark){body{background:#111;color:#eee}}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>
<p><a href="/">Go Home</a></p>
</main>
</body>
</html>
`
}

/**
 * Express's last error handler: one log line (a stack only for our own failures), then a small
 * HTML page for a browser or `{ error }` JSON for /api, /cms/api and /media — never a stack or SQL.
 */
export function handleUnexpectedError(error: unknown, req: Request, res: Response, _next: NextFunction) {
  const status = errorStatus(error)
  if (status >= 500) logger.error({ err: error, path: req.path, status }, 'unhandled error')
  else logger.warn({ err: error, path: req.path, status }, 'request refused')
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.status(status).set('cache-control', 'no-store')
  if (status === 503) res.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
  if (wantsJson(req)) {
    const exposed = (error as { expose?: unknown; message?: unknown } | null)?.expose === true ? String((error as Error).message) : null
    res.json({ error: status >= 500 ? copyFor(status).text : exposed || copyFor(status).text })
    return
  }
  res.type('html').send(errorPageHtml(status))
}

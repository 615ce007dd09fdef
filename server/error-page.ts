import type { NextFunction, Request, Response } from 'express'

import { SITE_NAME } from '../shared/constants'
import { logger } from './logger'

/** PostgreSQL's and the driver's ways of saying the database is not there (class 08, 57P0x, refused sockets). */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300'])
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|terminating connection|Client has encountered a connection error|the database system is (?:starting up|shutting down|in recovery)|cannot connect to Postgres|timeout exceeded when trying to connect/i

/** Whether an error (or one of its causes) means the database is unreachable: a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true
  return isDatabaseUnavailable(cause, depth + 1)
}

/** The status an unexpected error answers with: its own 4xx (a body parser's 400 or 413), 503 when the database is away, else 500. */
export function errorStatus(error: unknown): number {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown }
  const own = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : undefined
  if (own && own >= 400 && own < 500) return own
  return isDatabaseUnavailable(error) ? 503 : 500
}

export const ERROR_COPY = {
  500: { title: 'Something Went Wrong', text: 'Something went wrong on our side. Please try again.' },
  503: { title: 'Temporarily Unavailable', text: 'The site is briefly unavailable. Please try again in a moment.' },
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
  if (status === 503) res.set('retry-after', '5')
  if (wantsJson(req)) {
    const exposed = (error as { expose?: unknown; message?: unknown } | null)?.expose === true ? String((error as Error).message) : null
    res.json({ error: status >= 500 ? copyFor(status).text : exposed || copyFor(status).text })
    return
  }
  res.type('html').send(errorPageHtml(status))
}

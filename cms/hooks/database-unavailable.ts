import type { AfterErrorHook } from 'payload'

import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../services/db/unavailable'

/**
 * Payload's REST API (/cms/api) answers 503 while PostgreSQL is away, in the shape its admin reads
 * (`errors[].message`) and the one other clients read (`error`), as /api and the pages do.
 */
export const answerDatabaseUnavailable: AfterErrorHook = ({ error, req }) => {
  if (!isDatabaseUnavailable(error)) return
  req.responseHeaders = new Headers(req.responseHeaders)
  req.responseHeaders.set('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
  req.responseHeaders.set('cache-control', 'no-store')
  return { status: 503, response: { errors: [{ message: DATABASE_UNAVAILABLE_MESSAGE }], error: DATABASE_UNAVAILABLE_MESSAGE } }
}

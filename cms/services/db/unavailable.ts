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

/** What every door (pages, /api, /cms/api) tells a client while the database is away. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The site is briefly unavailable. Please try again in a moment.'
/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

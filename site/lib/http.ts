import type { APIContext } from 'astro'
import { APIError, ValidationError } from 'payload'
import type { z } from 'zod'

import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../cms/services/db/unavailable'
import { hit, tooManyAttemptsMessage, type RateLimitRule } from '../../cms/services/rate-limit'
import { rateLimitKey } from '../../cms/services/rate-limit/client-key'
import { isRetryableConflict } from '../../cms/services/db/member-transaction'
import { getPayloadClient } from './payload'

export const MAX_JSON_BYTES = 64 * 1024

/**
 * The JSON text of bodies served straight from the content cache, kept beside them: the cache
 * deep-freezes what it keeps (cms/services/cache/content-cache.ts, the only freezing here), so a
 * frozen body's text never changes, and a list asked for thousands of times a second is written
 * out once per cached copy. Dropped with the copy.
 */
const frozenText = new WeakMap<object, string>()

function jsonText(body: unknown): string {
  if (body === null || typeof body !== 'object' || !Object.isFrozen(body)) return JSON.stringify(body)
  let text = frozenText.get(body)
  if (text === undefined) frozenText.set(body, (text = JSON.stringify(body)))
  return text
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(jsonText(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })

export const errorResponse = (status: number, error: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  json({ error, ...extra }, status, headers)

/** Thrown inside a handler to answer at once with `{ error }`. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public extra: Record<string, unknown> = {},
    public headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

/** Reads a JSON body (size-capped) and parses it with a shared zod schema; the first issue becomes the message. */
export async function parseJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const length = Number(request.headers.get('content-length') ?? 0)
  if (length > MAX_JSON_BYTES) throw new HttpError(413, 'Request body is too large.')
  const text = await request.text()
  if (text.length > MAX_JSON_BYTES) throw new HttpError(413, 'Request body is too large.')
  let data: unknown = {}
  if (text.trim()) {
    try {
      data = JSON.parse(text)
    } catch {
      throw new HttpError(400, 'Request body must be valid JSON.')
    }
  }
  const result = schema.safeParse(storable(data))
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
    throw new HttpError(400, issues[0]?.message ?? 'Invalid request.', { issues })
  }
  return result.data
}

const MAX_JSON_DEPTH = 32

/** C0 control characters and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/**
 * What PostgreSQL can store and people can read: strings without NUL and without unpaired
 * surrogates (a JSON column refuses both), without other invisible control characters (a bell
 * or escape in a comment or a title only hides or garbles text), and no absurd nesting (which
 * would overflow the stack further in).
 */
function storable(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(CONTROL_CHARACTERS, '').toWellFormed()
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_JSON_DEPTH) throw new HttpError(400, 'Request body is nested too deeply.')
  if (Array.isArray(value)) return value.map((item) => storable(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, storable(item, depth + 1)]))
}

/** The client's address as Express found it (`req.ip`, under TRUST_PROXY's rule, passed in as a local); null if unknown. */
export const clientAddress = (context: Pick<APIContext, 'clientAddress' | 'locals'>): string | null => {
  if (context.locals.clientAddress) return context.locals.clientAddress
  try {
    return context.clientAddress || null
  } catch {
    return null
  }
}

/** The key a client's per-IP limits are counted under: its address (clientAddress), an IPv6 client by its /64. */
export const clientIp = (context: Pick<APIContext, 'clientAddress' | 'locals'>): string => rateLimitKey(clientAddress(context))

/** Counts one request against `rule` (in the store every server process shares); a 429 with Retry-After once over. */
export async function enforceRateLimit(rule: RateLimitRule, key: string) {
  const result = await hit(await getPayloadClient(), rule, key)
  if (!result.allowed) {
    throw new HttpError(429, tooManyAttemptsMessage(result.retryAfterSeconds), {}, { 'retry-after': String(result.retryAfterSeconds) })
  }
}

export function requireUser(context: APIContext) {
  const { authUser, user } = context.locals
  if (!authUser || !user) throw new HttpError(401, 'Please sign in first.')
  return { authUser, user }
}

/** Runs an endpoint body and maps every failure to `{ error }` JSON: never a stack trace or SQL. */
export async function handle(context: Pick<APIContext, 'url'>, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error.status, error.message, error.extra, error.headers)
    if (error instanceof ValidationError) {
      const issues = error.data?.errors ?? []
      return errorResponse(400, issues[0]?.message ?? 'Invalid request.', { issues })
    }
    // 4xx, and the 502/503 a service raises on purpose (an external service down or unconfigured).
    if (error instanceof APIError && ((error.status >= 400 && error.status < 500) || (error.isPublic && (error.status === 502 || error.status === 503)))) {
      const retry = (error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds
      return errorResponse(error.status, error.message, {}, retry ? { 'retry-after': String(retry) } : {})
    }
    const { logger } = await import('../../server/logger')
    // A lost race the service did not retry itself (cms/services/db/member-transaction.ts retries
    // the member's own writes): nothing was written, so the client may simply send it again.
    if (isRetryableConflict(error)) {
      logger.warn({ err: error, path: context.url.pathname, event: 'endpoint_lost_race' }, 'a request lost a database race')
      return errorResponse(503, 'The site is busy. Please try again.', {}, { 'retry-after': '1' })
    }
    logger.error({ err: error, path: context.url.pathname }, 'unhandled error in endpoint')
    return isDatabaseUnavailable(error) ? databaseUnavailableResponse() : errorResponse(500, 'Something went wrong on our side. Please try again.')
  }
}

/** The answer of every endpoint while PostgreSQL is away (pages show the 503 page, /healthz says why). */
export const databaseUnavailableResponse = () =>
  errorResponse(503, DATABASE_UNAVAILABLE_MESSAGE, {}, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) })

/**
 * What must never reach a log line: password hashes and salts, reset and session tokens, session
 * ids, cookies, email addresses and dates of birth. Two layers: fields are dropped by name
 * (anywhere in a logged object, however deep), and text is scrubbed of the values a database
 * error carries with it — Drizzle's "params: …" list, pg's `detail` ("Key (email)=(…) already
 * exists", "Failing row contains (…)") — and of anything shaped like a secret.
 */

export const REDACTED = '[redacted]'

/** Field names (compared without case, dashes or underscores) whose values are never logged. */
const SENSITIVE_KEYS = new Set(
  [
    'password',
    'confirmPassword',
    'newPassword',
    'currentPassword',
    'hash',
    'salt',
    'resetPasswordToken',
    'token',
    'accessToken',
    'refreshToken',
    'apiKey',
    'secret',
    'sessions',
    'session',
    'sessionId',
    'sid',
    'email',
    'dateOfBirth',
    'cookie',
    'cookies',
    'setCookie',
    'authorization',
    'proxyAuthorization',
    // A failed query's values (Drizzle's DrizzleQueryError.params, other drivers' `parameters`).
    'params',
    'parameters',
    'values',
  ].map((key) => normaliseKey(key)),
)

function normaliseKey(key: string) {
  return key.toLowerCase().replace(/[-_]/g, '')
}

export const isSensitiveKey = (key: string) => SENSITIVE_KEYS.has(normaliseKey(key))

/** pino `redact` paths for the same fields at the depths log calls use (the deep walk below catches the rest). */
export const REDACT_PATHS = [
  'password',
  'hash',
  'salt',
  'resetPasswordToken',
  'token',
  'sessions',
  'sid',
  'email',
  'dateOfBirth',
  'cookie',
  'authorization',
  'params',
  'parameters',
].flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]).concat([
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
])

const TEXT_RULES: Array<[RegExp, string]> = [
  // Drizzle: "Failed query: <sql>\nparams: a,b,c" — everything after "params:" is values, up to
  // the stack frames when the text is a stack.
  [/(\bparams:)[^\n]*(?:\n(?!\s+at\s)[^\n]*)*/g, `$1 ${REDACTED}`],
  // pg detail: Key (email)=(someone@example.org) already exists. / is not present in table …
  [/(\bKey \([^)]*\)=)\([^\n]*?\)(?=\s+(?:already exists|is not present|is still referenced|conflicts with))/g, `$1(${REDACTED})`],
  [/(\bKey \([^)]*\)=)\([^\n]*\)/g, `$1(${REDACTED})`],
  // pg detail of a not-null or check violation: the whole row.
  [/(\bFailing row contains )\([^\n]*\)/g, `$1(${REDACTED})`],
  // Session cookies and bearer tokens.
  [/(payload-token=)[^;\s,"']*/gi, `$1${REDACTED}`],
  [/(\b(?:Bearer|JWT)\s+)[\w.~+/=-]+/g, `$1${REDACTED}`],
  [/\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g, REDACTED],
  // Hex runs as long as a salt, hash or reset token, and UUIDs (session ids).
  [/\b[0-9a-f]{32,}\b/gi, REDACTED],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, REDACTED],
  // Email addresses.
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi, REDACTED],
]

/** A string with database values, tokens, ids and addresses taken out. */
export function scrubText(text: string): string {
  let out = text
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement)
  return out
}

/** pg DatabaseError fields that describe the failure without carrying its values. */
const SAFE_ERROR_FIELDS = ['code', 'status', 'name', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'errno', 'syscall']

export type ScrubbedError = {
  type: string
  message: string
  stack?: string
  status?: number
  [key: string]: unknown
}

const MAX_DEPTH = 6

/**
 * An Error as a plain, loggable object: message and stack scrubbed, its values (params,
 * parameters) dropped, pg's `detail` scrubbed, Payload's `data` walked, its `cause` likewise.
 */
export function scrubError(error: Error, { stack = true, depth = 0 }: { stack?: boolean; depth?: number } = {}): ScrubbedError {
  const source = error as Error & Record<string, unknown>
  const constructorName = error.constructor?.name
  const type = constructorName && constructorName !== 'Error' ? constructorName : error.name || 'Error'
  const out: ScrubbedError = { type, message: scrubText(String(error.message ?? '')) }
  for (const field of SAFE_ERROR_FIELDS) {
    const value = source[field]
    if (value !== undefined && value !== null && (typeof value === 'string' || typeof value === 'number')) out[field] = typeof value === 'string' ? scrubText(value) : value
  }
  if (typeof source.detail === 'string') out.detail = scrubText(source.detail)
  if (typeof source.hint === 'string') out.hint = scrubText(source.hint)
  if (source.data !== undefined) out.data = scrubValue(source.data, depth + 1)
  if (stack && typeof error.stack === 'string') out.stack = scrubText(error.stack)
  if (error.cause !== undefined && depth < MAX_DEPTH) {
    out.cause = error.cause instanceof Error ? scrubError(error.cause, { stack, depth: depth + 1 }) : scrubValue(error.cause, depth + 1)
  }
  return out
}

/**
 * A deep copy of `value` fit for a log line: sensitive fields replaced by REDACTED, strings
 * scrubbed, errors turned into scrubbed objects. Cycles and depth are bounded.
 */
export function scrubValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value)
  if (value === null || typeof value !== 'object') return value
  if (value instanceof Error) return scrubError(value, { depth })
  if (value instanceof Date) return value
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`
  if (seen.has(value)) return '[circular]'
  if (depth >= MAX_DEPTH) return '[nested]'
  seen.add(value)
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrubValue(item, depth + 1, seen))
  if (value instanceof Map) return scrubValue(Object.fromEntries(value), depth, seen)
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSensitiveKey(key) ? (item === undefined || item === null ? item : REDACTED) : scrubValue(item, depth + 1, seen)
  }
  return out
}
